// One process of the core lock's tests (the built lock, dist/core/lock/lock.js, which the global setup builds): says it is ready (the file
// argv[3].ready.<pid>) and waits for the file argv[3] so all start together, takes the lock at argv[2] (waiting argv[4] ms, 0 = fail at once),
// then either reports and holds it argv[5] ms, or adds one to the counter file argv[6] by a
// slow read-modify-write that only mutual exclusion keeps whole; argv[7] times (default once).
// Prints "won" after its last turn, or "held <message>" when it could not take the lock.
const { acquireLock } = await import('../../dist/core/lock/lock.js');
const { readFile, writeFile } = await import('node:fs/promises');
const { existsSync } = await import('node:fs');
const [path, go, waitMs, holdMs, counter, turns = '1'] = process.argv.slice(2);
await writeFile(`${go}.ready.${process.pid}`, '');
while (!existsSync(go)) await new Promise((r) => setTimeout(r, 1));
for (let turn = 0; turn < Number(turns); turn++) {
  let release;
  try {
    release = await acquireLock(path, { waitMs: Number(waitMs) });
  } catch (e) {
    process.stdout.write(`held ${e.name}: ${e.message}\n`);
    process.exit(0);
  }
  if (counter) {
    const n = Number(await readFile(counter, 'utf8'));
    await new Promise((r) => setTimeout(r, 20));
    await writeFile(counter, String(n + 1));
  }
  await new Promise((r) => setTimeout(r, Number(holdMs)));
  await release();
}
process.stdout.write('won\n');
