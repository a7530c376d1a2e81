// xlsx.mjs has no declarations of its own beside it; its exports are the package's (types/index.d.ts)
// plus the two setters the CommonJS build does not need.
declare module 'xlsx/xlsx.mjs' {
  export * from 'xlsx';
  export function set_fs(fs: unknown): void;
  export function set_cptable(cptable: unknown): void;
}
