import { closeSync, openSync, writeSync } from 'node:fs';

/** Buffered synchronous text writer for large generated files (usage of 10,000 keys). */
export class FileWriter {
  private readonly fd: number;
  private parts: string[] = [];
  private size = 0;
  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }
  write(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size > 1 << 20) this.flush();
  }
  private flush(): void {
    if (this.parts.length) writeSync(this.fd, this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}
