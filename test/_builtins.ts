// The built-ins pdfjs-dist's legacy build replaces, as they are before it loads (see _pdfjs.ts).
// A module of its own so that it is evaluated before pdfjs-dist's, which _pdfjs.ts imports next.

export const BUILTINS = {
  stringify: JSON.stringify,
  parse: JSON.parse,
  push: Array.prototype.push,
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be put back on the prototype, never called alone
  toString: Function.prototype.toString,
} as const;
