// One process of the concurrent-writers test: adds profiles p<id>-0..p<id>-<n-1> to the
// credentials in argv[2], one locked read-modify-write each: the built module (dist/), as svc runs it.
const { updateCredentials } = await import('../../dist/cli/_credentials/store.js');
const [dir, id, n] = process.argv.slice(2);
for (let i = 0; i < Number(n); i++) {
  await updateCredentials(dir, (c) => ({ ...c, profiles: { ...c.profiles, [`p${id}-${i}`]: { api_key: `sk-test-${id}-${i}-aaaaaaaaaaaa` } } }));
}
