import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverDataDir, workerServerIndex } from './servers.ts';

// Without SMTP_URL the server writes each mail as an .eml file under DATA_DIR/mail.
const mailDir = () => path.join(serverDataDir(workerServerIndex()), 'mail');

/** The recovery links in the .eml files mailed to an address, oldest first. */
export function recoveryLinks(address: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(mailDir()).sort();
  } catch {
    return [];
  }
  return files.flatMap((file) => {
    // Quoted-printable: join soft line breaks and decode '=' before reading the link.
    const eml = readFileSync(path.join(mailDir(), file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/gi, '=');
    if (!new RegExp(`^To: ${address}$`, 'm').test(eml)) return [];
    const link = /https?:\/\/\S+\/password-reset\?token=[A-Za-z0-9_-]+/.exec(eml);
    return link ? [link[0]] : [];
  });
}
