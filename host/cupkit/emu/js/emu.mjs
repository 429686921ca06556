// cupkit's emulated Pico: one process runs the chip (chip.mjs) and the board
// around it (board.mjs), started and driven by cupkit.emu (Python).
//
//   node emu.mjs --bootrom ROM --flash FLASH.bin --board PROFILE.json [--seed N]
//                [--uid HEX] [--bootsel] [--no-display] [--no-motion] [--battery-mv MV]
//                [--verbose N] [--serial-fd 3] [--plain-decode]
//
// --plain-decode leaves rp2040js's own instruction decode alone (fastcore.mjs is the
// same, faster: the tests compare the two). FLASH.bin is the whole 2 MB flash, read at power-on and written through on every
// program and erase. The USB serial's bytes go both ways on --serial-fd (a socket).
// Commands come as JSON lines on stdin, events go as JSON lines to stdout:
//
//   {"cmd":"mode","mode":"paused"|"fast"|"realtime"}   how the chip runs
//   {"cmd":"run","until":NS}   run to board time NS (nanoseconds), then pause: {"ev":"at",...}
//   {"cmd":"run","until":NS,"stop":"frame"}   ... or to the first frame with something on it
//   {"cmd":"run","until":NS,"stop":"flash","count":K}   ... or to just after the K-th flash write from now
//   {"cmd":"press","key":"a","down":true}   {"cmd":"shake"}   {"cmd":"battery","mv":3700}
//   {"cmd":"stats"}   {"cmd":"quit"}
//
//   {"ev":"ready"}  {"ev":"display","t":NS,"since":NS,"fb":HEX,...} (a transfer to the OLED from since to t)  {"ev":"leds","rgb":HEX}  {"ev":"status","on":1}
//   {"ev":"flash","op":"erase"|"program","addr":A,"size":N} (written through to FLASH.bin)
//   {"ev":"usb"} (the host configured the USB serial)  {"ev":"tone","hz":2000}  {"ev":"reset","reason":N}
//   {"ev":"at","t":NS,"busy":false}  {"ev":"stats",...}
//
// Time: the chip's clock counts its cycles at 125 MHz, so time.ticks_us() on the device
// is the device's own time. Fast mode runs it as fast as the host can; when the core
// waits (WFI/WFE) the clock jumps to its next alarm. Real-time mode keeps the chip's
// time within a few milliseconds of wall time (behind it while the core is busy: the
// emulation runs below 125 MHz); board time is what has passed since power-on, across
// watchdog resets.
//
// CUPKIT_RP2040JS is the path of rp2040js's dist/esm/index.js (see rp.mjs);
// CUPKIT_EMU_TRACE=gpio prints every read of the buttons' pins to stderr.

import { openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { Board } from './board.mjs';
import { CYCLE_NS, Chip } from './chip.mjs';
import { FLASH_SIZE } from './flash.mjs';

function parseArgs(argv) {
  const o = { seed: 0, verbose: 0, serialFd: 3, batteryMv: 4000, uid: 'e66038b713456c2e' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => argv[++i];
    if (a === '--bootrom') o.bootrom = val();
    else if (a === '--flash') o.flash = val();
    else if (a === '--board') o.board = val();
    else if (a === '--seed') o.seed = Number(val()) >>> 0;
    else if (a === '--uid') o.uid = val();
    else if (a === '--bootsel') o.bootsel = true;
    else if (a === '--no-display') o.display = false;
    else if (a === '--no-motion') o.motion = false;
    else if (a === '--battery-mv') o.batteryMv = Number(val());
    else if (a === '--verbose') o.verbose = Number(val());
    else if (a === '--serial-fd') o.serialFd = Number(val());
    else if (a === '--plain-decode') o.fastDecode = false;
    else throw new Error(`unknown option ${a}`);
  }
  for (const k of ['bootrom', 'flash', 'board']) {
    if (!o[k]) throw new Error(`--${k} is required`);
  }
  return o;
}

const opts = parseArgs(process.argv.slice(2));
const profile = JSON.parse(readFileSync(opts.board, 'utf8'));
const flashFd = openSync(opts.flash, 'r+');
const image = readFileSync(opts.flash);
if (image.length !== FLASH_SIZE) {
  throw new Error(`${opts.flash}: ${image.length} bytes, a Pico's flash is ${FLASH_SIZE}`);
}
const uid = Uint8Array.from(Buffer.from(opts.uid, 'hex'));

// --- events to the host

let outbox = [];
function emit(ev) {
  outbox.push(JSON.stringify(ev));
}
function flush() {
  if (outbox.length) {
    process.stdout.write(outbox.join('\n') + '\n');
    outbox = [];
  }
}

// --- the serial line

let serial = null;
let serialQueue = [];
function toHost(bytes) {
  if (serial) serial.write(Buffer.from(bytes));
  else serialQueue.push(Buffer.from(bytes));
}
try {
  serial = new net.Socket({ fd: opts.serialFd, readable: true, writable: true });
  serial.on('data', (data) => {
    chip.cdc.send(data);
    kick();
  });
  serial.on('error', () => {});
} catch (e) {
  serial = null;
}

// --- the chip and the board

const board = new Board(profile, opts, (ev) => {
  if (ev.ev === 'display' && stopOnFrame && /[^0]/.test(ev.fb)) stopNow = true;
  emit(ev);
});
let chip = null;
let resetPending = null;
let curLimit = Infinity;
let stopOnFrame = false; // in step mode: end the step at the next frame with something on it
let stopOnWrites = 0; // ... or after this many more program/erase operations on the flash
let stopNow = false;

function makeChip(flashImage, scratch, resetReason) {
  const c = new Chip({
    bootrom: opts.bootrom,
    flashFd,
    flashImage,
    seed: opts.seed,
    uid,
    fastDecode: opts.fastDecode,
    bootsel: opts.bootsel,
    verbose: opts.verbose,
    scratch,
    resetReason,
    onSerial: toHost,
    onConnected: () => emit({ ev: 'usb', t: board.now() }),
    onFlashWrite: (op, addr, size) => {
      emit({ ev: 'flash', t: board.now(), op, addr, size });
      if (stopOnWrites > 0 && --stopOnWrites === 0) stopNow = true;
    },
    onReset: (reason, scratchData) => {
      resetPending = { reason, scratch: scratchData };
    },
    idle: (ns) => idle(ns), // the firmware polls a busy flash: its time passes as it would
  });
  return c;
}

function power(base) {
  chip = makeChip(image, null, 0);
  board.attach(chip, base, idle);
}

function rebuild() {
  const { reason, scratch } = resetPending;
  resetPending = null;
  const base = board.now();
  const flash = chip.mcu.flash.subarray(0, FLASH_SIZE);
  chip = makeChip(flash, scratch, reason);
  board.attach(chip, base, idle);
  emit({ ev: 'reset', t: base, reason });
}

// --- running

let mode = 'paused';
let until = 0; // board ns, in step mode
let scheduled = false;
let timer = null;
let rtWall = 0;
let rtBoard = 0;
const stats = { wallMs: 0, busyNs: 0, idleNs: 0 };

function setMode(m) {
  mode = m;
  if (m === 'realtime') {
    rtWall = performance.now();
    rtBoard = board.now();
  }
  kick();
}

function kick() {
  if (scheduled || mode === 'paused') return;
  if (timer) {
    clearTimeout(timer);
    timer = null;
  }
  scheduled = true;
  setImmediate(slice);
}

const LEAD_NS = 5e6; // in real time, how far the chip may run ahead of the wall clock

/** Board time the wall clock says it is, in real-time mode. */
function rtTarget() {
  const now = performance.now();
  const target = rtBoard + (now - rtWall) * 1e6;
  if (board.now() < target - 250e6) {
    // far behind wall time (a busy stretch): let the debt go rather than rush later
    rtWall = now;
    rtBoard = board.now();
    return rtBoard;
  }
  return target;
}

/** The chip-clock time the chip may run to now; -1 paused. */
function limitNs() {
  const base = board.baseNs;
  if (mode === 'step') return until - base;
  if (mode === 'fast') return Infinity;
  if (mode === 'realtime') return rtTarget() + LEAD_NS - base;
  return -1;
}

const PIO_STEP_NS = 5 * CYCLE_NS; // while the core waits and a PIO state machine runs, time passes in these steps

/** Run instructions up to the chip-clock time limit: false when the core sleeps with nothing to wake it. */
function burst(limit) {
  const core = chip.mcu.core;
  const clock = chip.clock;
  const pio = chip.pio;
  let busy = 0;
  let asleep = false;
  for (let i = 0; i < 50000; i++) {
    if (core.waiting) {
      const next = clock.nextAlarm;
      if (!next && !pio.running) {
        if (limit === Infinity) {
          asleep = true;
          break;
        }
        stats.idleNs += limit - clock.nanos;
        clock.tick(limit - clock.nanos);
        break;
      }
      let dt = Math.min(next ? Math.max(0, next.nanos - clock.nanos) : Infinity, limit - clock.nanos);
      if (pio.running) {
        dt = Math.min(dt, PIO_STEP_NS); // a state machine at work: its pins change between alarms
        pio.advance(dt / CYCLE_NS);
      }
      stats.idleNs += dt;
      clock.tick(dt);
    } else {
      const cycles = core.executeInstruction();
      const ns = cycles * CYCLE_NS;
      busy += ns;
      if (pio.running) pio.advance(cycles);
      // the clock's own tick() for every instruction costs more than the instruction: move
      // its counter directly, and tick only to fire an alarm
      const t = clock.nanosCounter + ns;
      const next = clock.nextAlarm;
      if ((next === null || t < next.nanos) && t < limit && !resetPending && !stopNow) {
        clock.nanosCounter = t;
        continue;
      }
      clock.tick(ns);
    }
    if (resetPending || stopNow || clock.nanos >= limit) break;
  }
  stats.busyNs += busy;
  return !asleep;
}

/** Let emulated time pass to the next alarm (a part polled while it works), not past the run's limit. */
function idle(ns) {
  const clock = chip.clock;
  const room = curLimit - clock.nanos;
  if (room > 0 && ns > 0) {
    const dt = Math.min(ns, room);
    stats.idleNs += dt;
    clock.tick(dt);
  }
}

function slice() {
  scheduled = false;
  const t0 = performance.now();
  // at most 4 ms of wall time a slice: the host's serial bytes are read between slices, and MicroPython's
  // raw paste waits for the host after every window of a few hundred bytes (25 ms slices: `cupkit test` 56 s, now 40)
  const end = t0 + 4;
  try {
    for (;;) {
      if (resetPending) rebuild();
      const limit = limitNs();
      if (limit < 0) break;
      if (mode === 'step' && (chip.clock.nanos >= limit || stopNow)) {
        stopNow = false;
        stopOnFrame = false;
        stopOnWrites = 0;
        mode = 'paused';
        emit({ ev: 'at', t: board.now(), busy: board.displayBusy });
        break;
      }
      const ahead = mode === 'realtime' ? board.now() - rtTarget() : 0;
      if (ahead >= LEAD_NS / 2) {
        // ahead of the wall clock (the core idle): sleep until it catches up
        const ms = Math.max(1, ahead / 1e6);
        timer = setTimeout(() => {
          timer = null;
          kick();
        }, ms);
        break;
      }
      curLimit = limit;
      if (!burst(limit)) break; // asleep with no alarm: the next command or serial byte wakes it
      if (performance.now() > end) {
        kick();
        break;
      }
    }
  } finally {
    stats.wallMs += performance.now() - t0;
    flush();
  }
}

// --- commands

function command(line) {
  if (!line.trim()) return;
  const c = JSON.parse(line);
  switch (c.cmd) {
    case 'mode':
      setMode(c.mode);
      break;
    case 'run':
      until = c.until;
      stopOnFrame = c.stop === 'frame';
      stopOnWrites = c.stop === 'flash' ? c.count : 0;
      stopNow = false;
      setMode('step');
      break;
    case 'press':
      board.press(c.key, !!c.down);
      kick();
      break;
    case 'shake':
      board.shake();
      break;
    case 'battery':
      board.setBattery(c.mv);
      break;
    case 'stats':
      emit({
        ev: 'stats', t: board.now(), wallMs: Math.round(stats.wallMs), busyNs: stats.busyNs, idleNs: stats.idleNs,
        flashWrites: chip.flash.writes,
      });
      flush();
      break;
    case 'quit':
      flush();
      process.exit(0);
      break;
    default:
      process.stderr.write(`emu: unknown command ${line}\n`);
  }
}

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  try {
    command(line);
  } catch (e) {
    process.stderr.write(`emu: bad command ${line}: ${e.message}\n`);
  }
});
rl.on('close', () => process.exit(0));

power(0);
for (const b of serialQueue) toHost(b);
emit({ ev: 'ready', t: 0 });
flush();
