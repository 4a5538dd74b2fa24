// `npm run dev`: the API server (tsx watch: restarts on a change) and the UI's Vite dev server
// (hot reload, /api proxied to the server's PORT) together; Ctrl+C stops both.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children = [
  ['api', ['run', 'dev', '-w', 'server']],
  ['ui', ['run', 'dev', '-w', 'web']],
].map(([name, args]) => {
  const child = spawn('npm', ['--silent', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: port,
      FORCE_COLOR: process.stdout.isTTY ? '1' : '0',
      // The server's output is a pipe here; a person at the terminal still wants readable lines.
      ...(process.stdout.isTTY && !process.env.LOG_FORMAT ? { LOG_FORMAT: 'pretty' } : {}),
    },
  });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter((line, i, all) => line !== '' || i < all.length - 1)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code) => {
    console.log(`[${name}] stopped (${code ?? 'signal'}); stopping the other`);
    stopAll();
    process.exitCode = code ?? 0;
  });
  return child;
});

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
