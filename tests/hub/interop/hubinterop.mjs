// The other side of tst_hubinterop: @huggingface/hub (npm) against the test's Hub and cache.
//   node hubinterop.mjs download ENDPOINT REPO CACHE  snapshotDownload into CACHE; prints the folder
//   node hubinterop.mjs file ENDPOINT REPO PATH CACHE  downloadFileToCacheDir; prints its path
//   node hubinterop.mjs scan CACHE                      scanCacheDir, as JSON
// QKV_NODE_MODULES names the node_modules folder that holds @huggingface/hub (.ci/install.sh puts
// it in build/nodejs, away from the sources).
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const entry = join(process.env.QKV_NODE_MODULES, "@huggingface/hub/dist/index.mjs");
const { downloadFileToCacheDir, scanCacheDir, snapshotDownload } = await import(pathToFileURL(entry).href);

const [command, ...args] = process.argv.slice(2);
console.debug = () => {}; // downloadFileToCacheDir's "Downloading …" lines are not the answer
if (command === "download") {
  const [hubUrl, repo, cacheDir] = args;
  console.log(await snapshotDownload({ repo, hubUrl, cacheDir }));
} else if (command === "file") {
  const [hubUrl, repo, path, cacheDir] = args;
  console.log(await downloadFileToCacheDir({ repo, path, hubUrl, cacheDir }));
} else if (command === "scan") {
  const scan = await scanCacheDir(args[0]);
  console.log(JSON.stringify({
    warnings: scan.warnings.map(String),
    repos: scan.repos.map((r) => ({
      name: r.id.name, type: r.id.type, filesCount: r.filesCount, size: r.size,
      revisions: r.revisions.map((v) => ({
        commit: v.commitOid, refs: v.refs, size: v.size,
        files: v.files.map((f) => ({ path: f.path, blob: f.blob.path, size: f.blob.size })),
      })),
    })),
  }));
} else {
  console.error("usage: node hubinterop.mjs download|file|scan …");
  process.exit(2);
}
