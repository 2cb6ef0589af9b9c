import type { Content } from '../content/index.js';
import { Duel, type DuelSetup, type TraceRecord, type TurnRecord } from '../game/duel.js';
import { formatTrace } from '../game/explain.js';
import { describeCommand } from '../systems/commands.js';
import type { Message } from '../systems/state.js';
import { makeHeader, ReplayRecorder, type RecordingStopped } from '../replay/recorder.js';

export interface HeadlessResult {
  readonly text: string;
  readonly duel: Duel;
  readonly replayPath: string | null;
  /** Set when recording stopped before the duel ended (a full disk): the file keeps the turns before. */
  readonly stopped: RecordingStopped | null;
}

/**
 * Plays a duel AI against AI to the end and renders the outcome and the full trace. The output
 * depends only on the setup (no dates, no paths), so the same arguments print the same bytes.
 */
export function runHeadless(
  setup: DuelSetup,
  content: Content,
  options: { json: boolean; savesDir: string | null; program: string; now: () => Date },
): HeadlessResult {
  const duel = new Duel({ ...setup, heroControl: 'ai' }, content, { tracing: true });
  const hero = duel.hero;
  const foe = duel.foe;
  let recorder: ReplayRecorder | null = null;
  if (options.savesDir) {
    const header = makeHeader(duel.setup, options.program, content.dataFingerprint(duel.setup.ruleset), [hero.fighter?.name ?? '', foe.fighter?.name ?? ''], options.now().toISOString());
    recorder = ReplayRecorder.create(options.savesDir, header);
  }
  const turns: TurnRecord[] = [];
  let stopped: RecordingStopped | null = null;
  try {
    for (;;) {
      const r = duel.step();
      if (r.kind === 'turn') {
        turns.push(r.record);
        recorder?.turn(r.record);
        continue;
      }
      if (r.kind === 'over') break;
      throw new Error(`unexpected ${r.kind} in a headless duel`);
    }
    if (duel.outcome) recorder?.end(duel.outcome, duel.stateHash());
  } finally {
    stopped = recorder?.close() ?? null;
  }
  const text = options.json ? jsonReport(duel, turns, options.program, content) : textReport(duel, turns, options.program, content);
  return { text, duel, replayPath: recorder?.path ?? null, stopped };
}

function byTurn<T extends { turn: number }>(items: readonly T[]): Map<number, T[]> {
  const m = new Map<number, T[]>();
  for (const it of items) {
    const list = m.get(it.turn);
    if (list) list.push(it);
    else m.set(it.turn, [it]);
  }
  return m;
}

function name(duel: Duel, id: number): string {
  return duel.world.get(id)?.fighter?.name ?? `#${id}`;
}

export function outcomeText(duel: Duel): string {
  const o = duel.outcome;
  if (!o) return 'unfinished';
  // A monster is "the Jackal" on either side; a hero or a unique goes by its name.
  const called = (f: { kind: string; name: string; properName?: boolean | undefined } | undefined) => (!f ? '' : f.kind === 'hero' || f.properName ? f.name : `the ${f.name}`);
  const winner = o.winner === null ? 'draw' : `${called(o.winner === 0 ? duel.hero.fighter : duel.foe.fighter)} wins`;
  return `${winner}: ${o.reason} (turn ${o.turn}, ${o.time.toFixed(3)} game turns)`;
}

function textReport(duel: Duel, turns: readonly TurnRecord[], program: string, content: Content): string {
  const s = duel.setup;
  const out: string[] = [];
  out.push(`spoiler-arena ${program}: headless duel`);
  out.push(`ruleset ${s.ruleset} (${s.edition} edition), seed ${JSON.stringify(s.seed)}, arena ${duel.arena.id} (${duel.arena.name})`);
  out.push(`hero: ${duel.hero.fighter?.name} [${s.hero.template}] vs foe: ${duel.foe.fighter?.name} [${s.foe.template}]`);
  out.push(`data ${content.dataFingerprint(s.ruleset)}`);
  out.push('');
  const msgs = byTurn<Message>(duel.messages);
  const traces = byTurn<TraceRecord>(duel.traces);
  for (const t of turns) {
    const when = (t.time / duel.ruleset.ticksPerTurn).toFixed(3);
    out.push(`turn ${t.turn} @${when} ${name(duel, t.actor)}: ${t.command ? describeCommand(t.command) : '(no action)'}  [${t.hash}]`);
    for (const tr of traces.get(t.turn) ?? []) for (const line of formatTrace(tr, '    ')) out.push(`  ${line}`);
    for (const m of msgs.get(t.turn) ?? []) out.push(`  > ${m.text}`);
  }
  out.push('');
  out.push(`outcome: ${outcomeText(duel)}`);
  return `${out.join('\n')}\n`;
}

function jsonReport(duel: Duel, turns: readonly TurnRecord[], program: string, content: Content): string {
  const msgs = byTurn<Message>(duel.messages);
  const traces = byTurn<TraceRecord>(duel.traces);
  const o = duel.outcome;
  const report = {
    program,
    data: content.dataFingerprint(duel.setup.ruleset),
    setup: duel.setup,
    arena: { id: duel.arena.id, name: duel.arena.name },
    fighters: [duel.hero, duel.foe].map((e) => ({ id: e.id, name: e.fighter?.name, side: e.fighter?.side, template: e.fighter?.templateId })),
    turns: turns.map((t) => ({
      turn: t.turn,
      actor: t.actor,
      command: t.command,
      time: t.time / duel.ruleset.ticksPerTurn,
      hash: t.hash,
      messages: (msgs.get(t.turn) ?? []).map((m) => m.text),
      traces: (traces.get(t.turn) ?? []).map((r) => ({ title: r.title, steps: r.steps })),
    })),
    outcome: o ? { winner: o.winner, winnerName: o.winner === null ? null : name(duel, o.winner === 0 ? duel.heroId : duel.foeId), reason: o.reason, turn: o.turn, time: o.time } : null,
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
