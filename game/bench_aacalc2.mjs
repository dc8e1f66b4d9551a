// The odds bench's battles in aacalc2 (https://github.com/mshih01/aacalc2), for the
// same-run comparison of issue #45 (game/bench_aacalc2.py runs this; node 18+).
//   node bench_aacalc2.mjs AACALC2_DIR < battles.json > results.json
// AACALC2_DIR: a built checkout (`npm ci && npm run build`: dist/). stdin: a list of
// {name, attack, defense (aacalc2 unit id -> count), att_ool, def_ool (first lost
// first), naval, warmup, runs}. stdout: {units: aacalc2's unit stats, battles: {name:
// {attacker_wins, defender_wins, takes, mass (the outcomes' total: 1 less what it
// pruned), ms (median of the timed calls), runs}}}.
// Each call is timed inside node, after `warmup` calls (V8's compiled code in).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.argv[2];
const lib = (f) => import(pathToFileURL(join(root, 'dist', f)).href);
const { multiwaveExternal, getUnitStatsMap } = await lib('external.js');

function input(b) {
  const side = (units, ool) => ({ units, ool, takes: 0, aaLast: false });
  return {
    wave_info: [{
      attack: side(b.attack, b.att_ool), defense: side(b.defense, b.def_ool),
      att_submerge: false, def_submerge: false, att_dest_last: false, def_dest_last: false,
      is_crash_fighters: false, rounds: 100, retreat_threshold: 0,   // 100: to the end
    }],
    debug: false, prune_threshold: 1e-12, report_prune_threshold: 1e-12, is_naval: b.naval,
    in_progress: false, num_runs: 1, verbose_level: 0, diceMode: 'standard',
    sortMode: 'unit_count',
  };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const battles = JSON.parse(readFileSync(0, 'utf8'));
const out = { units: getUnitStatsMap(), battles: {} };
for (const b of battles) {
  const inp = input(b);
  let res = null;
  for (let k = 0; k < b.warmup; k++) res = multiwaveExternal(inp);
  const times = [];
  for (let k = 0; k < b.runs; k++) {
    const t = performance.now();
    res = multiwaveExternal(inp);
    times.push(performance.now() - t);
  }
  let mass = 0;
  for (const c of Object.values(res.casualtiesInfo.attack)) mass += c.amount;
  out.battles[b.name] = {
    attacker_wins: res.attack.survives[0], defender_wins: res.defense.survives[0],
    takes: res.takesTerritory[0], mass, ms: median(times), runs: times.length,
  };
}
process.stdout.write(JSON.stringify(out) + '\n');
