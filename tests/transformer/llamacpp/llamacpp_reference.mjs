// llama.cpp itself, through node-llama-cpp's prebuilt CPU build: the independent reference for our
// GGUF runtime's next-token logits (tst_llamacppreference) and the peer its speed is measured
// against (qkvbench's live_model section). Feeds token ids, never text, so no tokenizer stands
// between the two programs.
//
//   node llamacpp_reference.mjs MODEL.gguf --ids 1,2,3 [--threads N] [--repeats R]
//        [--logits] [--f32-cache]
// --f32-cache: keys and values kept in F32 and flash attention off, so that an F32 file is
// computed in F32 throughout.
//
// Prints JSON: load_ms, prompt_ms (the median over R evaluations of the ids from an empty cache:
// llama.cpp's prompt processing), threads, system_info, and with --logits the raw logits of the
// token after the last id, in id order. QKV_NODE_MODULES names the node_modules folder that holds
// node-llama-cpp (.ci/install.sh puts it in build/nodejs-llamacpp).
import {join} from "node:path";
import {pathToFileURL} from "node:url";

const entry = join(process.env.QKV_NODE_MODULES ?? "node_modules", "node-llama-cpp/dist/index.js");
const {getLlama, LlamaLogLevel} = await import(pathToFileURL(entry).href);

function option(name, fallback) {
    const at = process.argv.indexOf(name);
    return at > 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}

const model = process.argv[2];
const ids = option("--ids", "").split(",").filter(s => s !== "").map(Number);
const threads = Number(option("--threads", "0"));
const repeats = Number(option("--repeats", "3"));
const wantLogits = process.argv.includes("--logits");
const cacheType = process.argv.includes("--f32-cache") ? "F32" : undefined;
if (!model || ids.length === 0 || ids.some(i => !Number.isInteger(i) || i < 0)) {
    console.error("usage: llamacpp_reference.mjs MODEL.gguf --ids 1,2,3 [--threads N] [--repeats R] [--logits] [--f32-cache]");
    process.exit(2);
}

const llama = await getLlama({gpu: false, build: "never", logLevel: LlamaLogLevel.error});
const loadStart = performance.now();
const loaded = await llama.loadModel({modelPath: model, gpuLayers: 0, useMmap: true});
const loadMs = performance.now() - loadStart;
const context = await loaded.createContext({
    contextSize: Math.max(256, ids.length + 16),
    batchSize: Math.max(256, ids.length),
    threads: threads > 0 ? threads : undefined,
    experimentalKvCacheKeyType: cacheType,
    experimentalKvCacheValueType: cacheType,
    // Flash attention (llama.cpp's default on this CPU) rounds the queries to F16 whatever the
    // cache holds: off for the F32 reference.
    flashAttention: cacheType === "F32" ? false : undefined,
});
const sequence = context.getSequence();
const last = ids[ids.length - 1];
const input = [...ids.slice(0, -1), [last, {generateNext: {logits: wantLogits}}]];

const times = [];
let result;
for (let r = 0; r < Math.max(1, repeats); ++r) {
    await sequence.clearHistory();
    const start = performance.now();
    result = await sequence.controlledEvaluate(input);
    times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const out = {
    load_ms: loadMs,
    prompt_ms: times[Math.floor(times.length / 2)],
    tokens: ids.length,
    threads: context.currentThreads,
    system_info: llama.systemInfo,
};
if (wantLogits) {
    const logits = result[result.length - 1].next.logits;
    const dense = new Array(loaded.tokens.count ?? logits.size).fill(null);
    for (const [token, value] of logits)
        dense[token] = value;
    out.logits = dense;
}
process.stdout.write(JSON.stringify(out));
await context.dispose();
await loaded.dispose();
