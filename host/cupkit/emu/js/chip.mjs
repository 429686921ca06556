// The RP2040 of a Raspberry Pi Pico: rp2040js's chip with what it lacks filled in,
// at run time, by objects of our own (rp2040js itself is used unmodified):
// the boot ROM, the QSPI flash (flash.mjs), the ring oscillator's random bit
// (seeded, so runs repeat), a logger on stderr, the USB serial host (usb.mjs), and
// the PIO blocks stepped with the core (pio.mjs).

import { readFileSync } from 'node:fs';
import { BasePeripheral, RP2040 } from './rp.mjs';
import { FLASH_SIZE, IOQSPI, SSI, SpiFlash } from './flash.mjs';
import { speedUp } from './fastcore.mjs';
import { PioClock } from './pio.mjs';
import { CdcHost } from './usb.mjs';

export const CLOCK_HZ = 125e6;
export const CYCLE_NS = 1e9 / CLOCK_HZ; // 8 ns

/** rp2040js's logger writes to stdout and throws on errors: ours writes to stderr, keeps going. */
export class StderrLogger {
  constructor(verbose) {
    this.verbose = verbose;
    this.seen = new Map();
  }
  out(level, name, msg) {
    const key = `${name}: ${msg}`;
    const n = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, n);
    if (n <= 3 || this.verbose > 1) {
      const more = n === 3 && this.verbose < 2 ? ' (repeats not shown)' : '';
      process.stderr.write(`emu ${level} [${name}] ${msg}${more}\n`);
    }
  }
  debug(name, msg) {
    if (this.verbose > 1) this.out('debug', name, msg);
  }
  info(name, msg) {
    if (this.verbose > 1) this.out('info', name, msg);
  }
  warn(name, msg) {
    if (this.verbose) this.out('warn', name, msg);
  }
  error(name, msg) {
    this.out('error', name, msg);
  }
}

/** xorshift32: the ring oscillator's random bit, the same sequence for the same seed. */
class ROSC extends BasePeripheral {
  constructor(rp2040, seed) {
    super(rp2040, 'ROSC');
    this.state = (seed >>> 0) ^ 0x9e3779b9 || 1;
    this.regs = new Map([[0x00, 0xaa0], [0x04, 0], [0x08, 0], [0x10, 0], [0x14, 0]]);
  }
  bit() {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state & 1;
  }
  readUint32(offset) {
    switch (offset) {
      case 0x18: // STATUS: enabled, stable
        return (1 << 12) | (1 << 31);
      case 0x1c: // RANDOMBIT
        return this.bit();
      case 0x20: // COUNT
        return 0;
    }
    return this.regs.get(offset) ?? 0;
  }
  writeUint32(offset, value) {
    this.regs.set(offset, value >>> 0);
  }
}

/** VREG_AND_CHIP_RESET: the regulator settings MicroPython writes when it changes clocks. */
class VReg extends BasePeripheral {
  constructor(rp2040) {
    super(rp2040, 'VREG');
    this.regs = new Map([[0x00, 0xb1], [0x04, 0x0d], [0x08, 0]]);
  }
  readUint32(offset) {
    if (offset === 0x00) return (this.regs.get(0) & 0xff) | (1 << 12); // ROK
    return this.regs.get(offset) ?? 0;
  }
  writeUint32(offset, value) {
    this.regs.set(offset, value >>> 0);
  }
}

/**
 * A powered chip. opts: bootrom (path), flashFd (backing file, read and written
 * through), seed, uid (8 bytes), bootsel (held), verbose, onSerial(bytes),
 * onReset(reason): the watchdog fired; idle(ns): see SpiFlash; fastDecode: false
 * runs rp2040js's instruction decode alone (fastcore.mjs is the same, faster).
 */
export class Chip {
  constructor(opts) {
    const mcu = new RP2040(); // with a simulation clock of its own
    this.clock = mcu.clock;
    this.mcu = mcu;
    mcu.logger = new StderrLogger(opts.verbose ?? 0);
    const rom = readFileSync(opts.bootrom);
    mcu.loadBootrom(new Uint32Array(rom.buffer, rom.byteOffset, rom.length >> 2));
    // loadBootrom() erased the flash array: fill it from the backing file now
    if (opts.flashImage) {
      mcu.flash.set(opts.flashImage.subarray(0, FLASH_SIZE));
    }
    this.flash = new SpiFlash(mcu.flash, opts.flashFd ?? null, opts.uid, () => this.clock.nanos, opts.idle,
      opts.onFlashWrite);
    const ssi = new SSI(mcu, this.flash);
    mcu.peripherals[0x18000] = ssi;
    mcu.peripherals[0x40018] = new IOQSPI(mcu, ssi, !!opts.bootsel);
    mcu.peripherals[0x40060] = new ROSC(mcu, opts.seed ?? 0);
    mcu.peripherals[0x40064] = new VReg(mcu);
    // The watchdog's scratch registers survive its reset (machine.bootloader() and
    // the SDK's reboot use them), so the next chip gets them.
    const wd = mcu.peripherals[0x40058];
    if (opts.scratch) wd.scratchData.set(opts.scratch);
    if (opts.resetReason) wd.reason = opts.resetReason;
    wd.onWatchdogTrigger = () => opts.onReset?.(wd.reason, Uint32Array.from(wd.scratchData));
    this.cdc = new CdcHost(mcu.usbCtrl, (bytes) => opts.onSerial?.(bytes), opts.onConnected);
    this.pio = new PioClock(mcu);
    // SEV sets the event register of the core that executes it too, so the WFE after it returns at
    // once (pico-sdk's and MicroPython's wake-ups rely on it); rp2040js only logs it, and the WFE then
    // sleeps until the next interrupt, or for ever.
    const core = mcu.core;
    const plain = Object.getPrototypeOf(core).executeInstruction;
    const execute = function executeInstruction() {
      if (!this.interruptsUpdated && this.readUint16(this.registers[15] & ~1) === 0xbf40) {
        this.registers[15] += 2;
        this.eventRegistered = true;
        this.cycles += 1;
        return 1;
      }
      return plain.call(this);
    };
    core.executeInstruction = execute;
    if (opts.fastDecode !== false) speedUp(core, execute);
    mcu.core.reset();
  }

  get nanos() {
    return this.clock.nanos;
  }
}
