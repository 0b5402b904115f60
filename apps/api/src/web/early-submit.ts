import { createHash } from 'node:crypto';

/**
 * The one inline script of every page (apps/web/index.html carries it, first in <head>; a unit
 * test keeps the two the same). A prerendered public page is readable and usable before its
 * script (boot.ts) has arrived, and on a slow line (2G: seconds) a visitor may fill its form and
 * press Enter meanwhile: the browser would then submit the form itself (issue 24, defect 2). This
 * holds every submit from the first byte of the page, and boot.ts takes the held forms over and
 * replays them once the app is live. The content security policy allows it by its hash alone.
 */
export const EARLY_SUBMIT_SCRIPT =
  "(function(){var f=[];function h(e){e.preventDefault();f.push(e.target)}addEventListener('submit',h,true);window.poishaEarlySubmits={forms:f,stop:function(){removeEventListener('submit',h,true)}}})()";

/** The script's CSP source ('sha256-…'). */
export const EARLY_SUBMIT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(EARLY_SUBMIT_SCRIPT).digest('base64')}'`;
