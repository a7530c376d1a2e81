// pdfjs-dist (the tests' PDF reader) with the built-ins its legacy build replaces put back.
//
// The legacy build bundles core-js, which on Node 20 replaces JSON.stringify and JSON.parse (for
// JSON.rawJSON), Array.prototype.push and Function.prototype.toString with polyfills, in the
// whole process, for good; its worker module replaces JSON.stringify once more when it loads. A
// test worker keeps its modules for every file it runs (isolate: false), so everything after the
// first PDF read ran on the polyfills: the reference server's JSON answers, the client's parsing,
// the run's hashes. A month end of the samples took 0.42-0.45 s of CPU with them against
// 0.33-0.35 s without (node, 4 runs each). The polyfills only add what Node 20 lacks to what the
// native functions do, and pdfjs-dist uses none of it: its readings are the same (its tests pass).
// Import pdfjs-dist through this module only: one importing it first elsewhere in a worker keeps
// the polyfills for that worker.
import { BUILTINS } from './_builtins.js';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
// Loaded here rather than at the first getDocument (pdfjs-dist's fake worker takes it from
// globalThis.pdfjsWorker), so that its polyfill is undone with the others.
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';

JSON.stringify = BUILTINS.stringify;
JSON.parse = BUILTINS.parse;
Array.prototype.push = BUILTINS.push;
Function.prototype.toString = BUILTINS.toString;

export const { getDocument, OPS } = pdfjs;
