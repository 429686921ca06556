// The dice cup's board around the chip, built from a board profile
// (hardware/boards/NAME.json): buttons to ground (or to 3V3 for the profile's
// pull_down ones), an SSD1306 OLED and a LIS3DH accelerometer on I2C, a WS2812
// strip, a piezo buzzer on a PWM pin, the battery divider on an ADC pin and the
// status LED. Parts outlive a watchdog reset of the chip (attach() wires them to
// the new one), as on the real board.
//
// Wires: every pin's level is what drives it: the chip's output when it is one,
// else a part pulling it (a pressed button, a device's ACK on SDA), else the
// board's pull-ups (the OLED module's on SDA/SCL), else the pad's own pull-up or
// pull-down. rp2040js applies no pulls by itself (an unconnected PULL_UP input
// read 0, every button pressed).

import { GPIOPinState, I2CMode } from './rp.mjs';

const NAMES = ['up', 'down', 'left', 'right', 'a', 'b'];
const G = 16384; // 1 g in the LIS3DH's left-justified output at +-2 g

/** A profile's pin as a GPIO number: MicroPython profiles give numbers, CircuitPython ones the Pico's names. */
export function gpio(pin) {
  if (typeof pin === 'number') return pin;
  const m = /^(GP|A)(\d+)$/.exec(pin ?? '');
  if (m) return Number(m[2]) + (m[1] === 'A' ? 26 : 0);
  return { LED: 25, VOLTAGE_MONITOR: 29, SMPS_MODE: 23, VBUS_SENSE: 24 }[pin] ?? -1;
}

function hex(bytes) {
  return Buffer.from(bytes).toString('hex');
}

/** The SSD1306 controller: its 1 KB display RAM, addressing and the commands that change the picture. */
export class SSD1306 {
  constructor(onFrame) {
    this.onFrame = onFrame;
    this.ram = new Uint8Array(1024);
    this.on = false;
    this.contrast = 0x7f;
    this.invert = false;
    this.entire = false;
    this.remap = false; // A1: column 127 is SEG0
    this.comDec = false; // C8: scan COM63 down to COM0
    this.startLine = 0;
    this.mode = 2; // page addressing after reset
    this.col = 0;
    this.page = 0;
    this.c0 = 0;
    this.c1 = 127;
    this.p0 = 0;
    this.p1 = 7;
    this.frames = 0;
    this.open = false; // a transfer to it is under way
    this.changed = false;
    this.cmd = [];
  }

  static ARGS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0xa8: 1, 0xd3: 1, 0xda: 1, 0xd5: 1, 0xd9: 1, 0xdb: 1, 0x8d: 1,
    0xa3: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5, 0xd6: 1,
  };

  start() {
    this.open = true;
    this.control = true; // the first byte is a control byte
    this.dc = false;
    this.co = false;
    this.wrote = false;
  }

  write(b) {
    if (this.control) {
      this.co = !!(b & 0x80);
      this.dc = !!(b & 0x40);
      this.control = false;
      return true;
    }
    if (this.dc) {
      this.data(b);
    } else {
      this.command(b);
    }
    if (this.co) {
      this.control = true;
    }
    return true;
  }

  read() {
    return (this.on ? 0 : 0x40) | 0x03; // status: display off bit, the SSD1306's ID
  }

  stop() {
    this.open = false;
    if (this.wrote) this.frames++;
    if (this.wrote || this.changed) {
      this.changed = false;
      this.onFrame(this);
    }
  }

  data(b) {
    this.ram[this.page * 128 + this.col] = b;
    this.wrote = true;
    if (this.mode === 0) {
      if (++this.col > this.c1) {
        this.col = this.c0;
        if (++this.page > this.p1) this.page = this.p0;
      }
    } else if (this.mode === 1) {
      if (++this.page > this.p1) {
        this.page = this.p0;
        if (++this.col > this.c1) this.col = this.c0;
      }
    } else if (++this.col > 127) {
      this.col = 0;
    }
  }

  command(b) {
    const c = this.cmd;
    c.push(b);
    const op = c[0];
    if (c.length <= (SSD1306.ARGS[op] ?? 0)) return;
    this.cmd = [];
    const was = [this.on, this.contrast, this.invert, this.entire, this.remap, this.comDec, this.startLine].join();
    if (op === 0xae || op === 0xaf) this.on = op === 0xaf;
    else if (op === 0x81) this.contrast = c[1];
    else if (op === 0xa6 || op === 0xa7) this.invert = op === 0xa7;
    else if (op === 0xa4 || op === 0xa5) this.entire = op === 0xa5;
    else if (op === 0xa0 || op === 0xa1) this.remap = op === 0xa1;
    else if (op === 0xc0 || op === 0xc8) this.comDec = op === 0xc8;
    else if (op >= 0x40 && op <= 0x7f) this.startLine = op & 0x3f;
    else if (op === 0x20) this.mode = c[1] & 3;
    else if (op === 0x21) {
      this.c0 = this.col = c[1] & 0x7f;
      this.c1 = c[2] & 0x7f;
    } else if (op === 0x22) {
      this.p0 = this.page = c[1] & 7;
      this.p1 = c[2] & 7;
    } else if (op >= 0xb0 && op <= 0xb7) this.page = op & 7;
    else if (op <= 0x0f) this.col = (this.col & 0x70) | op;
    else if (op >= 0x10 && op <= 0x17) this.col = ((op & 7) << 4) | (this.col & 0x0f);
    const now = [this.on, this.contrast, this.invert, this.entire, this.remap, this.comDec, this.startLine].join();
    if (now !== was) this.changed = true;
  }

  /** What the panel shows, as a MONO_VLSB frame: column 0 left and page 0 on top with A1 and C8
   * (how the modules are mounted), mirrored otherwise; inverted or all lit as commanded. */
  get frame() {
    const out = new Uint8Array(1024);
    for (let y = 0; y < 64; y++) {
      const r = ((this.comDec ? y : 63 - y) + this.startLine) & 63;
      for (let x = 0; x < 128; x++) {
        const c = this.remap ? x : 127 - x;
        let v = (this.ram[(r >> 3) * 128 + c] >> (r & 7)) & 1;
        if (this.entire) v = 1;
        if (this.invert) v ^= 1;
        if (v) out[(y >> 3) * 128 + x] |= 1 << (y & 7);
      }
    }
    return out;
  }
}

/** The LIS3DH: WHO_AM_I, control registers, and the outputs of a cup at rest or shaken. */
export class LIS3DH {
  constructor(now) {
    this.now = now; // board nanoseconds
    this.regs = new Uint8Array(0x40);
    this.regs[0x0f] = 0x33;
    this.regs[0x20] = 0x07;
    this.shakeAt = -1e18;
    this.ptr = 0;
    this.first = true;
  }

  /** g on each axis now: lying flat, or a shake: +-1.8 g along x, five swings of 60 ms. */
  accel() {
    const dt = this.now() - this.shakeAt;
    if (dt >= 0 && dt < 300e6) {
      return [Math.floor(dt / 60e6) % 2 ? -1.8 : 1.8, 0.1, 1];
    }
    return [0, 0, 1];
  }

  output() {
    const fs = (this.regs[0x23] >> 4) & 3;
    const scale = G >> fs;
    const out = new Uint8Array(6);
    this.accel().forEach((g, i) => {
      let v = Math.max(-32768, Math.min(32767, Math.round(g * scale))) & 0xffc0;
      out[2 * i] = v & 0xff;
      out[2 * i + 1] = (v >> 8) & 0xff;
    });
    return out;
  }

  start() {
    this.first = true;
  }

  write(b) {
    if (this.first) {
      this.first = false;
      this.ptr = b;
      return true;
    }
    const r = this.ptr & 0x3f;
    if (r >= 0x1e && r !== 0x0f) this.regs[r] = b;
    if (this.ptr & 0x80) this.ptr = (this.ptr & 0x80) | ((r + 1) & 0x3f);
    return true;
  }

  read() {
    const r = this.ptr & 0x3f;
    let v = this.regs[r];
    if (r === 0x27) v = 0x0f; // STATUS: new x, y, z data
    if (r >= 0x28 && r <= 0x2d) v = this.output()[r - 0x28];
    if (this.ptr & 0x80) this.ptr = (this.ptr & 0x80) | ((r + 1) & 0x3f);
    return v;
  }

  stop() {}
}

/** An I2C device at pin level, for MicroPython's scan: it bit-bangs its zero-length probes. */
class PinI2C {
  constructor(board, sda, scl) {
    this.board = board;
    this.sda = sda;
    this.scl = scl;
    this.state = 'idle';
    this.bits = 0;
    this.byte = 0;
    this.acking = false;
    this.dev = null;
  }

  changed(pin, level, was) {
    const b = this.board;
    const sda = b.level[this.sda];
    const scl = b.level[this.scl];
    if (pin === this.sda && scl) {
      if (!level && was) {
        this.state = 'addr'; // START
        this.bits = 0;
        this.byte = 0;
        this.release();
      } else if (level && !was) {
        this.state = 'idle'; // STOP
        this.release();
        this.dev?.stop();
        this.dev = null;
      }
      return;
    }
    if (pin !== this.scl || this.state === 'idle') return;
    if (level && !was) {
      if (this.bits < 8) {
        this.byte = (this.byte << 1) | sda;
        this.bits++;
      }
    } else if (!level && was) {
      if (this.acking) {
        this.release();
        this.bits = 0;
        this.byte = 0;
        return;
      }
      if (this.bits === 8) {
        if (this.state === 'addr') {
          const dev = b.devices.get(this.byte >> 1);
          if (dev && !(this.byte & 1)) {
            this.dev = dev;
            dev.start();
            this.state = 'data';
            this.ack();
          } else if (dev) {
            this.state = 'idle'; // reads are not probed at pin level
            this.ack();
          } else {
            this.state = 'idle';
          }
        } else if (this.dev?.write(this.byte)) {
          this.ack();
        }
      }
    }
  }

  ack() {
    this.acking = true;
    this.board.drive(this.sda, 0);
  }

  release() {
    if (this.acking) {
      this.acking = false;
      this.board.drive(this.sda, undefined);
    }
  }
}

export class Board {
  /**
   * profile: the board profile; opts: {display, motion (false: the part is missing),
   * batteryMv}; emit(event): to the host.
   */
  constructor(profile, opts, emit) {
    this.p = profile;
    this.emit = emit;
    this.level = new Uint8Array(30);
    this.ext = new Array(30).fill(undefined); // what a part drives: 0, 1 or undefined
    this.pullups = new Set();
    this.devices = new Map();
    this.baseNs = 0; // board time of the chip's zero
    this.chip = null;
    const i2c = profile.i2c;
    const d = profile.display;
    if (d && opts.display !== false) {
      this.display = new SSD1306((dev) => this.frame(dev));
      this.devices.set(d.address, this.display);
    }
    const m = profile.motion;
    if (m && opts.motion !== false) {
      this.accel = new LIS3DH(() => this.now());
      this.devices.set(m.address, this.accel);
    }
    if (i2c && this.devices.size) {
      // the modules' pull-up resistors
      this.pullups.add(gpio(i2c.sda));
      this.pullups.add(gpio(i2c.scl));
    }
    this.batteryMv = opts.batteryMv ?? 4000;
    this.pinI2C = i2c ? new PinI2C(this, gpio(i2c.sda), gpio(i2c.scl)) : null;
    this.leds = profile.leds ? new Uint8Array(3 * profile.leds.count) : new Uint8Array(0);
    this.ledPin = profile.leds ? gpio(profile.leds.pin) : -1;
    this.statusPin = gpio(profile.status_led ?? 'LED');
    this.buzzPin = profile.buzzer ? gpio(profile.buzzer.pin) : -1;
    this.batteryCh = profile.battery ? gpio(profile.battery.pin) - 26 : -1;
    this.tone = 0;
    this.held = new Set();
  }

  now() {
    return this.baseNs + (this.chip ? this.chip.clock.nanos : 0);
  }

  /** Wire the parts to a chip (at power-on and after each watchdog reset). */
  attach(chip, baseNs, idle) {
    this.chip = chip;
    this.idle = idle ?? (() => {});
    this.baseNs = baseNs;
    const mcu = chip.mcu;
    this.mcu = mcu;
    mcu.gpio.forEach((pin, n) => {
      this.level[n] = 0;
      pin.addListener(() => this.update(n));
      this.update(n);
    });
    const i2c = this.p.i2c;
    if (i2c) this.wireI2C(mcu.i2c[i2c.id ?? (gpio(i2c.sda) >> 1) & 1]); // the block the pins belong to
    if (process.env.CUPKIT_EMU_TRACE === 'gpio') {
      const sioRead = mcu.sio.readUint32.bind(mcu.sio);
      mcu.sio.readUint32 = (offset) => {
        const v = sioRead(offset);
        if (offset === 4) process.stderr.write(`gpio_in ${(this.now() / 1e6).toFixed(2)} ${(v >>> 10) & 63}\n`);
        return v;
      };
    }
    this.wsBits = [];
    this.wsRise = -1;
    this.wsLatch = mcu.clock.createAlarm(() => this.latch());
    const ch = this.batteryCh;
    if (ch >= 0 && ch < 4) mcu.adc.channelValues[ch] = this.adcBattery();
    mcu.adc.channelValues[4] = Math.round((0.706 / 3.3) * 4095); // the temperature sensor at 27 C
    if (this.buzzPin >= 0) {
      const pwm = mcu.pwm;
      const write = pwm.writeUint32.bind(pwm);
      pwm.writeUint32 = (offset, value) => {
        write(offset, value);
        this.buzzer();
      };
    }
  }

  adcBattery() {
    const v = this.p.battery;
    return Math.max(0, Math.min(4095, Math.round((this.batteryMv / (v.divider ?? 1) / 3300) * 4095)));
  }

  setBattery(mv) {
    this.batteryMv = mv;
    const ch = this.batteryCh;
    if (this.mcu && ch >= 0 && ch < 4) this.mcu.adc.channelValues[ch] = this.adcBattery();
  }

  /** A part drives pin n (0 or 1) or lets it go (undefined). */
  drive(n, v) {
    this.ext[n] = v;
    this.update(n);
  }

  update(n) {
    const pin = this.mcu.gpio[n];
    const st = pin.value;
    const ext = this.ext[n];
    let v;
    if (st === GPIOPinState.High) v = ext === 0 && this.pullups.has(n) ? 0 : 1;
    else if (st === GPIOPinState.Low) v = 0;
    else if (ext !== undefined) v = ext;
    else if (this.pullups.has(n) || st === GPIOPinState.InputPullUp) v = 1;
    else if (st === GPIOPinState.InputBusKeeper) v = this.level[n];
    else v = 0; // pulled down, or floating
    if (pin.rawInputValue !== !!v) pin.setInputValue(!!v);
    const was = this.level[n];
    if (v === was) return;
    this.level[n] = v;
    if (n === this.ledPin) this.ws2812(v);
    else if (n === this.statusPin) this.emit({ ev: 'status', on: v, t: this.now() });
    if (this.pinI2C && (n === this.pinI2C.sda || n === this.pinI2C.scl)) this.pinI2C.changed(n, v, was);
  }

  // --- buttons and motion

  press(name, down) {
    const n = gpio(this.p.buttons?.[name]);
    if (n < 0) return;
    const active = (this.p.pull_down ?? []).includes(name) ? 1 : 0;
    if (down) this.held.add(name);
    else this.held.delete(name);
    this.drive(n, down ? active : undefined);
  }

  shake() {
    if (this.accel) this.accel.shakeAt = this.now();
  }

  // --- I2C through the chip's controller, with the bus's time: 9 clocks a byte

  wireI2C(i2c) {
    const mcu = this.mcu;
    const alarm = mcu.clock.createAlarm(() => {
      const f = this.pending;
      this.pending = null;
      f?.();
    });
    const later = (bits, f) => {
      const hz = mcu.clkSys / Math.max(8, i2c.sclLowPeriod + i2c.sclHighPeriod);
      this.pending = f;
      alarm.schedule((bits * 1e9) / hz);
    };
    // While a byte is on the bus the firmware polls the controller's status (pico-sdk's
    // blocking transfers): let the chip's time run to the next alarm instead of emulating
    // the polling loop. The firmware sees the same registers at the same times.
    const read = i2c.readUint32.bind(i2c);
    const polled = new Set([0x2c, 0x34, 0x70, 0x74, 0x78]); // INTR_STAT, RAW_INTR_STAT, STATUS, TXFLR, RXFLR
    i2c.readUint32 = (offset) => {
      if (this.pending && polled.has(offset)) {
        const next = mcu.clock.nextAlarm;
        if (next) this.idle(next.nanos - mcu.clock.nanos);
      }
      return read(offset);
    };
    let dev = null;
    i2c.onStart = () => i2c.completeStart();
    i2c.onConnect = (addr, mode) => {
      dev = this.devices.get(addr) ?? null;
      if (dev && mode === I2CMode.Write) {
        dev.start();
        dev.since = this.now(); // when the transfer began
      }
      else if (dev) dev.startRead?.();
      later(10, () => i2c.completeConnect(!!dev)); // a start, then the address and its ACK
    };
    i2c.onWriteByte = (b) => {
      const ack = dev ? dev.write(b) : false;
      later(9, () => i2c.completeWrite(ack));
    };
    i2c.onReadByte = () => {
      const v = dev ? dev.read() : 0xff;
      later(9, () => i2c.completeRead(v));
    };
    i2c.onStop = () => {
      const d = dev;
      dev = null;
      later(1, () => {
        d?.stop();
        i2c.completeStop();
      });
    };
  }

  frame(dev) {
    this.emit({
      ev: 'display', t: this.now(), since: dev.since, fb: hex(dev.frame), on: dev.on, contrast: dev.contrast,
      frames: dev.frames,
    });
  }

  get displayBusy() {
    return !!this.display?.open;
  }

  // --- WS2812: a high pulse over 600 ns is a 1, 50 us low latches

  ws2812(v) {
    const t = this.chip.clock.nanos;
    if (v) {
      this.wsRise = t;
      this.wsLatch.cancel();
    } else if (this.wsRise >= 0) {
      this.wsBits.push(t - this.wsRise > 600 ? 1 : 0);
      this.wsRise = -1;
      this.wsLatch.schedule(50000);
    }
  }

  latch() {
    const bits = this.wsBits;
    this.wsBits = [];
    const n = Math.min(this.leds.length, bits.length >> 3);
    const wire = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      let b = 0;
      for (let k = 0; k < 8; k++) b = (b << 1) | bits[8 * i + k];
      wire[i] = b;
    }
    const order = this.p.leds.order ?? 'GRB';
    const rgb = new Uint8Array(this.leds.length);
    rgb.set(this.leds);
    for (let i = 0; i + 2 < n; i += 3) {
      for (let k = 0; k < 3; k++) rgb[i + 'RGB'.indexOf(order[k])] = wire[i + k];
    }
    this.leds = rgb;
    this.emit({ ev: 'leds', t: this.now(), rgb: hex(rgb) });
  }

  // --- the buzzer: a PWM slice's frequency and duty on its pin

  buzzer() {
    const n = this.buzzPin;
    const pin = this.mcu.gpio[n];
    const ch = this.mcu.pwm.channels[(n >> 1) & 7];
    let hz = 0;
    if (pin.functionSelect === 4 && ch.csr & 1) {
      const top = ch.top + 1;
      const cc = n & 1 ? ch.cc >>> 16 : ch.cc & 0xffff;
      const div = ch.timer.prescaler || 1;
      if (cc > 0 && cc < top + 1) {
        hz = Math.round(this.mcu.clkSys / div / top / (ch.csr & 2 ? 2 : 1));
      }
    }
    if (hz !== this.tone) {
      this.tone = hz;
      this.emit({ ev: 'tone', hz, t: this.now() });
    }
  }
}

export { NAMES };
