/**
 * The user info of a URL: everything between `//` and the last `@` before the path, query or
 * fragment (the WHATWG parser splits at the last `@`, so a password holding a raw `@` is masked whole).
 */
const USER_INFO = /\/\/([^/?#\s]*)@/g;

/**
 * A URL, or text holding URLs, as svc may print it: a password in the user info becomes `***`
 * (`https://ops:***@gateway.example.com`), and user info without a password, which is then often
 * a token itself (`https://<token>@host`), is `***` whole. A URL typed with credentials into a
 * flag, a variable or a saved profile so never shows them in a message, a status line or
 * `--json`. The rest is left as typed (not normalised), so the person recognises it. The one rule
 * for every URL svc prints: the gateway's, the reporting API's, Redis's.
 */
export function shownUrl(text: string): string {
  return text.replace(USER_INFO, (_match, info: string) => {
    const colon = info.indexOf(':');
    return colon === -1 ? '//***@' : `//${info.slice(0, colon)}:***@`;
  });
}
