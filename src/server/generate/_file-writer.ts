import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Buffered synchronous text writer for large generated files (usage of 10,000 keys). The
 * dataset is built in a temp folder renamed into place whole, so this is not an output the
 * atomic writer (src/core) needs to cover; it only has to write every byte.
 */
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
    if (this.parts.length) {
      // writeSync may take fewer bytes than offered (a nearly full disk): write the rest too.
      const bytes = Buffer.from(this.parts.join(''), 'utf8');
      for (let done = 0; done < bytes.length; ) done += writeSync(this.fd, bytes, done, bytes.length - done);
    }
    this.parts = [];
    this.size = 0;
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}
