import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The installed package's root folder (holding themes/ and fonts/), from src/ or dist/ alike. */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const THEMES_DIR = resolve(PACKAGE_ROOT, 'themes');
export const FONTS_DIR = resolve(PACKAGE_ROOT, 'fonts');
