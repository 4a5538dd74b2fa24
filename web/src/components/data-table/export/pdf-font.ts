// Noto Sans (SIL Open Font License 1.1, Noto Project Authors) from @expo-google-fonts/noto-sans:
// Latin with its extensions, Greek and Cyrillic. Inlined into this module, which only the PDF
// writer imports (dynamically): the font comes with the export code, in its own lazy chunk, never
// from another site, and the first screen does not download it. jsPDF embeds only the glyphs a
// document uses, so a PDF stays small.
import notoSansDataUrl from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?inline';

/** The name the PDF writer registers the font under. */
export const PDF_FONT_NAME = 'NotoSans';

/** The font file's name in jsPDF's virtual file system. */
export const PDF_FONT_FILE = 'NotoSans-Regular.ttf';

/** The TrueType file, base64 (as jsPDF's addFileToVFS takes it). */
export const pdfFontBase64 = notoSansDataUrl.slice(notoSansDataUrl.indexOf(',') + 1);
