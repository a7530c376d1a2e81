// The logo check alone, without the renderer: the CLI refuses a bad --logo before it loads pdf-lib
// and the fonts (a typo is answered at once). The package root re-exports it through index.ts.
export { readLogoHeader, MAX_LOGO_PIXELS, type LogoHeader } from '../pdf/_logo-header.js';
