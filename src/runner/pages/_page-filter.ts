import { createHash } from 'node:crypto';

/**
 * The front page's only script: shows the filter box (hidden without scripts, so the page is a
 * plain table then) and hides the organizations whose first row (name, id, status, figures) does not contain what
 * is typed. It
 * reads text only (`textContent`), never writes markup. The page's Content-Security-Policy
 * allows this script by its hash and no other.
 */
export const FILTER_SCRIPT =
  "(function(){var box=document.getElementById('filter');if(!box)return;var input=box.querySelector('input'),out=box.querySelector('output');" +
  "var groups=Array.prototype.slice.call(document.querySelectorAll('#orgs tbody'));" +
  "var texts=groups.map(function(g){return g.rows[0].textContent.toLowerCase();});box.hidden=false;" +
  "input.addEventListener('input',function(){var q=input.value.trim().toLowerCase(),n=0;groups.forEach(function(g,i){var show=!q||texts[i].indexOf(q)>=0;" +
  "g.hidden=!show;if(show)n++;});out.textContent=q?n+' / '+groups.length:'';});})();";

/** `'sha256-…'` of a script or style text, for the Content-Security-Policy. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}
