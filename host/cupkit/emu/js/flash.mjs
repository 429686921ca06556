// The Pico's QSPI flash: a W25Q16JV-like SPI NOR chip behind the RP2040's SSI.
//
// rp2040js maps the flash array straight into XIP reads but its SSI is a register
// stub and IO_QSPI is missing, so the boot ROM's flash routines (which pico-sdk's
// hardware_flash calls to erase and program) reach nothing. This module gives the
// SSI a data path in standard SPI mode, IO_QSPI the chip-select output override those
// routines drive, and the chip behind them its commands, status register and busy
// times. Every program or erase is written through to the backing file at once, so a
// process killed at any moment leaves the file as the chip was (a power cut).

import { writeSync } from 'node:fs';
import { BasePeripheral } from './rp.mjs';

export const FLASH_SIZE = 2 * 1024 * 1024;
const PAGE = 256;

// Typical W25Q16JV times (datasheet, section 9.6), in nanoseconds of emulated time.
const T_PAGE = 400e3;
const T_SECTOR = 45e6;
const T_BLOCK32 = 120e6;
const T_BLOCK64 = 150e6;
const T_CHIP = 5e9;

export class SpiFlash {
  /**
   * mem: the chip's flash array (rp2040.flash); fd: the backing file, or null;
   * clock(): emulated nanoseconds now; idle(ns): let emulated time pass while the
   * firmware polls a busy chip (the run loop may stop short of ns).
   */
  constructor(mem, fd, uniqueId, clock, idle, onWrite) {
    this.mem = mem;
    this.fd = fd;
    this.uid = uniqueId; // 8 bytes
    this.clock = clock;
    this.idle = idle;
    this.selected = false;
    this.busyUntil = 0;
    this.wel = false;
    this.sr2 = 0x02; // QE set, as on a Pico's W25Q16JV from the factory
    this.sr3 = 0x60;
    this.cmd = -1;
    this.n = 0; // bytes of this transaction after the command
    this.addr = 0;
    this.writes = 0; // program and erase operations, for reports
    this.onWrite = onWrite ?? (() => {}); // (op, address, size) after each program or erase
  }

  get busy() {
    return this.clock() < this.busyUntil;
  }

  select() {
    this.selected = true;
    this.cmd = -1;
    this.n = 0;
  }

  deselect() {
    if (this.selected) {
      this.finish();
    }
    this.selected = false;
  }

  /** One byte in and one out, while selected. */
  transfer(b) {
    if (!this.selected) {
      return 0xff;
    }
    if (this.cmd < 0) {
      this.cmd = b;
      this.n = 0;
      this.addr = 0;
      this.start(b);
      return 0xff;
    }
    const i = this.n++;
    switch (this.cmd) {
      case 0x05: // read status register 1: WIP, WEL
        if (this.busy) {
          this.idle(this.busyUntil - this.clock());
        }
        return (this.busy ? 1 : 0) | (this.wel ? 2 : 0);
      case 0x35:
        return this.sr2;
      case 0x15:
        return this.sr3;
      case 0x01: // write status registers 1 (ignored), 2
        if (i === 1 && this.wel) this.sr2 = b & 0x7b;
        return 0xff;
      case 0x31:
        if (i === 0 && this.wel) this.sr2 = b & 0x7b;
        return 0xff;
      case 0x9f: // JEDEC ID: Winbond, W25Q16 (2 MB)
        return [0xef, 0x40, 0x15][i] ?? 0xff;
      case 0x90: // manufacturer / device ID
        return i < 3 ? 0xff : [0xef, 0x14][(i - 3) & 1];
      case 0xab: // release power-down / device ID
        return i < 3 ? 0xff : 0x14;
      case 0x4b: // unique ID: 4 dummy bytes, then 8 bytes
        return i < 4 ? 0xff : this.uid[(i - 4) & 7];
      case 0x5a: // SFDP: none
        return 0xff;
      case 0x03: // read
      case 0x0b: // fast read (one dummy byte)
        if (i < 3) {
          this.addr = (this.addr << 8) | b;
          return 0xff;
        }
        if (this.cmd === 0x0b && i === 3) return 0xff;
        return this.mem[this.addr++ & (FLASH_SIZE - 1)];
      case 0x02: // page program
      case 0x20: // 4 KB sector erase
      case 0x52: // 32 KB block erase
      case 0xd8: // 64 KB block erase
        if (i < 3) {
          this.addr = (this.addr << 8) | b;
          if (i === 2) this.addr &= FLASH_SIZE - 1;
          return 0xff;
        }
        if (this.cmd === 0x02 && this.programming) {
          const page = this.addr & ~(PAGE - 1);
          const a = page | ((this.addr + i - 3) & (PAGE - 1));
          this.mem[a] &= b; // NOR: a program only clears bits
          this.dirty.add(a);
        }
        return 0xff;
    }
    return 0xff;
  }

  start(cmd) {
    switch (cmd) {
      case 0x06:
        if (!this.busy) this.wel = true;
        break;
      case 0x04:
        if (!this.busy) this.wel = false;
        break;
      case 0x02:
        this.programming = this.wel && !this.busy;
        this.dirty = new Set();
        break;
      case 0x66:
      case 0x99:
        this.wel = false;
        break;
    }
  }

  finish() {
    const { cmd } = this;
    if (cmd === 0x02 && this.programming) {
      this.programming = false;
      if (this.dirty.size) {
        const page = this.addr & ~(PAGE - 1);
        this.persist(page, PAGE);
        this.busyUntil = this.clock() + T_PAGE;
        this.writes++;
        this.onWrite('program', page, PAGE);
      }
      this.wel = false;
    } else if ((cmd === 0x20 || cmd === 0x52 || cmd === 0xd8) && this.n >= 3 && this.wel && !this.busy) {
      const size = cmd === 0x20 ? 4096 : cmd === 0x52 ? 32768 : 65536;
      const start = this.addr & ~(size - 1);
      this.mem.fill(0xff, start, start + size);
      this.persist(start, size);
      this.busyUntil = this.clock() + (cmd === 0x20 ? T_SECTOR : cmd === 0x52 ? T_BLOCK32 : T_BLOCK64);
      this.wel = false;
      this.writes++;
      this.onWrite('erase', start, size);
    } else if ((cmd === 0xc7 || cmd === 0x60) && this.wel && !this.busy) {
      this.mem.fill(0xff, 0, FLASH_SIZE);
      this.persist(0, FLASH_SIZE);
      this.busyUntil = this.clock() + T_CHIP;
      this.wel = false;
      this.writes++;
      this.onWrite('erase', 0, FLASH_SIZE);
    } else if ((cmd === 0x01 || cmd === 0x31) && this.wel) {
      this.wel = false;
    }
    this.cmd = -1;
  }

  persist(start, size) {
    if (this.fd !== null) {
      writeSync(this.fd, this.mem, start, size, start);
    }
  }
}

const SSI_CTRLR0 = 0x00;
const SSI_CTRLR1 = 0x04;
const SSI_SSIENR = 0x08;
const SSI_SER = 0x10;
const SSI_BAUDR = 0x14;
const SSI_TXFLR = 0x20;
const SSI_RXFLR = 0x24;
const SSI_SR = 0x28;
const SSI_IMR = 0x2c;
const SSI_IDR = 0x58;
const SSI_VERSION_ID = 0x5c;
const SSI_DR0 = 0x60;
const SSI_DR_LAST = 0x60 + 35 * 4;
const SSI_RX_SAMPLE_DLY = 0xf0;
const SSI_SPI_CTRLR0 = 0xf4;
const SSI_TXD_DRIVE_EDGE = 0xf8;

/**
 * The SSI with a data path: in standard SPI mode (the boot ROM's flash routines,
 * boot2's status register commands) each byte written to DR0 goes to the flash and
 * its answer into the RX FIFO. The chip is selected by the QSPI_SS output override
 * when one is set, else by the SSI itself for the bytes written between two polls of
 * its status register (how boot2 frames its commands). XIP reads bypass all this.
 */
export class SSI extends BasePeripheral {
  constructor(rp2040, flash) {
    super(rp2040, 'SSI');
    this.flash = flash;
    this.regs = new Map();
    this.ctrlr0 = 0;
    this.ssienr = 0;
    this.rx = [];
    this.override = 0; // QSPI_SS OUTOVER: 0 peripheral, 2 low, 3 high
    this.hwActive = false;
  }

  get standard() {
    return ((this.ctrlr0 >> 21) & 3) === 0;
  }

  setOverride(over) {
    const was = this.override;
    this.override = over;
    if (this.hwActive) {
      this.hwActive = false;
      this.flash.deselect();
    }
    if (over === 2 && was !== 2) {
      this.flash.select();
    } else if (over !== 2 && was === 2) {
      this.flash.deselect();
    }
  }

  readUint32(offset) {
    if (offset >= SSI_DR0 && offset <= SSI_DR_LAST) {
      return this.rx.length ? this.rx.shift() : 0;
    }
    switch (offset) {
      case SSI_CTRLR0:
        return this.ctrlr0;
      case SSI_SSIENR:
        return this.ssienr;
      case SSI_TXFLR:
        return 0;
      case SSI_RXFLR:
        return this.rx.length;
      case SSI_SR:
        if (this.hwActive) {
          this.hwActive = false;
          this.flash.deselect();
        }
        return 0x06 | (this.rx.length ? 0x08 : 0) | (this.rx.length >= 16 ? 0x10 : 0);
      case SSI_IDR:
        return 0x51535049;
      case SSI_VERSION_ID:
        return 0x3430312a;
    }
    return this.regs.get(offset) ?? 0;
  }

  writeUint32(offset, value) {
    if (offset >= SSI_DR0 && offset <= SSI_DR_LAST) {
      this.push(value);
      return;
    }
    switch (offset) {
      case SSI_CTRLR0:
        this.ctrlr0 = value;
        return;
      case SSI_SSIENR:
        this.ssienr = value & 1;
        if (!this.ssienr) {
          this.rx = [];
          if (this.hwActive) {
            this.hwActive = false;
            this.flash.deselect();
          }
        }
        return;
    }
    this.regs.set(offset, value >>> 0);
  }

  push(value) {
    const tmod = (this.ctrlr0 >> 8) & 3;
    if (!this.standard) {
      // Dual/quad frames (boot2 setting up continuous XIP reads): nothing to model.
      if (tmod !== 1) this.rx.push(0);
      return;
    }
    if (this.override === 0 && !this.hwActive) {
      this.hwActive = true;
      this.flash.select();
    }
    const frame = ((this.ctrlr0 >> 16) & 0x1f) + 1; // DFS_32
    let out = 0;
    for (let shift = frame - 8; shift >= 0; shift -= 8) {
      out = (out << 8) | this.flash.transfer((value >>> shift) & 0xff);
    }
    if (tmod !== 1) {
      this.rx.push(out >>> 0);
    }
  }
}

/**
 * IO_QSPI: the six QSPI pads' status and control registers. The chip select's
 * output override goes to the SSI; BOOTSEL is the chip select pad's input, read
 * by the boot ROM at power-on (and by CircuitPython): high unless BOOTSEL is held.
 */
export class IOQSPI extends BasePeripheral {
  constructor(rp2040, ssi, bootsel) {
    super(rp2040, 'IO_QSPI');
    this.ssi = ssi;
    const ss = rp2040.qspi[1];
    ss.padValue |= 0x40 | 0x08; // input enabled, pulled up: the Pico's reset state
    ss.setInputValue(!bootsel);
  }

  readUint32(offset) {
    if (offset < 0x30) {
      const pin = this.rp2040.qspi[offset >> 3];
      return offset & 4 ? pin.ctrl : pin.status;
    }
    return 0;
  }

  writeUint32(offset, value) {
    if (offset < 0x30 && offset & 4) {
      const i = offset >> 3;
      this.rp2040.qspi[i].ctrl = value;
      if (i === 1) {
        this.ssi.setOverride((value >> 8) & 3);
      }
    }
  }
}
