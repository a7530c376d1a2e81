// core/json: JSON text read and written: where a text fails to parse, and invisible characters made
// visible inside a JSON text.
export { jsonProblem } from './json-problem.js';
export { visibleWithin, withVisibleText } from './visible-json.js';
