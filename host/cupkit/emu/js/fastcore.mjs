// A faster instruction decode for rp2040js's Cortex-M0+ core, added at run time.
//
// rp2040js decodes each instruction by testing its opcode against every instruction
// pattern in turn, in alphabetical order: a STR or a SUBS, among the most frequent in
// MicroPython's interpreter loop, is found after seventy tests. Here the most frequent
// instructions are picked out by their top bits first and executed exactly as
// rp2040js executes them (the same state changes, the same cycle counts, through the
// core's own memory and flag methods); every other opcode, and every instruction that
// starts with interrupts to take, goes to rp2040js's own executeInstruction. The
// emulation is the same, cycle for cycle (tests/test_emu.py runs both in lockstep).

const FLASH = 0x10000000;
const SRAM = 0x20000000;

export function speedUp(core, slow = Object.getPrototypeOf(core).executeInstruction) {
  const mcu = core.rp2040;
  const { flashView, sramView } = mcu;
  const flashEnd = FLASH + mcu.flash.length - 1;
  const sramEnd = SRAM + mcu.sram.length - 3;
  // Word loads and stores that hit SRAM, aligned, go straight to it, as rp2040js's own
  // RP2040.readUint32/writeUint32 do after their checks (and cost 1 cycle, as its cyclesIO says).
  const inRam = (addr) => !(addr & 3) && addr >= SRAM && addr < sramEnd;
  core.executeInstruction = function executeInstruction() {
    if (this.interruptsUpdated) return slow.call(this);
    const regs = this.registers;
    const pc = regs[15] & ~1;
    const op = pc >= FLASH && pc < flashEnd ? flashView.getUint16(pc - FLASH, true)
      : pc >= SRAM && pc < sramEnd ? sramView.getUint16(pc - SRAM, true) : this.readUint16(pc);
    let cycles = 1;
    switch (op >>> 11) {
      case 0b00000: { // LSLS (immediate)
        const imm5 = (op >> 6) & 0x1f;
        const input = regs[(op >> 3) & 7];
        const result = input << imm5;
        regs[15] += 2;
        regs[op & 7] = result;
        this.N = !!(result & 0x80000000);
        this.Z = result === 0;
        this.C = imm5 ? !!(input & (1 << (32 - imm5))) : this.C;
        break;
      }
      case 0b00001: { // LSRS (immediate)
        const imm5 = (op >> 6) & 0x1f;
        const input = regs[(op >> 3) & 7];
        const result = imm5 ? input >>> imm5 : 0;
        regs[15] += 2;
        regs[op & 7] = result;
        this.N = !!(result & 0x80000000);
        this.Z = result === 0;
        this.C = !!((input >>> (imm5 ? imm5 - 1 : 31)) & 0x1);
        break;
      }
      case 0b00011: { // ADDS/SUBS (register, 3-bit immediate)
        const Rn = (op >> 3) & 7;
        const Rd = op & 7;
        const m = (op >> 6) & 7;
        regs[15] += 2;
        switch ((op >> 9) & 3) {
          case 0: regs[Rd] = this.addUpdateFlags(regs[Rn], regs[m]); break;
          case 1: regs[Rd] = this.substractUpdateFlags(regs[Rn], regs[m]); break;
          case 2: regs[Rd] = this.addUpdateFlags(regs[Rn], m); break;
          default: regs[Rd] = this.substractUpdateFlags(regs[Rn], m);
        }
        break;
      }
      case 0b00100: { // MOVS (immediate)
        const value = op & 0xff;
        regs[15] += 2;
        regs[(op >> 8) & 7] = value;
        this.N = false;
        this.Z = value === 0;
        break;
      }
      case 0b00101: // CMP (immediate)
        regs[15] += 2;
        this.substractUpdateFlags(regs[(op >> 8) & 7], op & 0xff);
        break;
      case 0b00110: { // ADDS (8-bit immediate)
        const Rdn = (op >> 8) & 7;
        regs[15] += 2;
        regs[Rdn] = this.addUpdateFlags(regs[Rdn], op & 0xff);
        break;
      }
      case 0b00111: { // SUBS (8-bit immediate)
        const Rdn = (op >> 8) & 7;
        regs[15] += 2;
        regs[Rdn] = this.substractUpdateFlags(regs[Rdn], op & 0xff);
        break;
      }
      case 0b01000: {
        if (op >> 10 === 0b010000) {
          // data processing: only the frequent ones here
          const Rm = (op >> 3) & 7;
          const Rdn = op & 7;
          switch ((op >> 6) & 0xf) {
            case 0b0000: { // ANDS
              const result = regs[Rdn] & regs[Rm];
              regs[15] += 2;
              regs[Rdn] = result;
              this.N = !!(result & 0x80000000);
              this.Z = (result & 0xffffffff) === 0;
              break;
            }
            case 0b1000: { // TST
              const result = regs[Rdn] & regs[Rm];
              regs[15] += 2;
              this.N = !!(result & 0x80000000);
              this.Z = result === 0;
              break;
            }
            case 0b1010: // CMP (register)
              regs[15] += 2;
              this.substractUpdateFlags(regs[Rdn], regs[Rm]);
              break;
            case 0b1100: { // ORRS
              const result = regs[Rdn] | regs[Rm];
              regs[15] += 2;
              regs[Rdn] = result;
              this.N = !!(result & 0x80000000);
              this.Z = (result & 0xffffffff) === 0;
              break;
            }
            default:
              return slow.call(this);
          }
          break;
        }
        switch ((op >> 8) & 3) {
          case 0b10: { // MOV (register)
            regs[15] += 2;
            const Rm = (op >> 3) & 0xf;
            const Rd = ((op >> 4) & 0x8) | (op & 0x7);
            let value = Rm === 15 ? regs[15] + 2 : regs[Rm];
            if (Rd === 15) {
              cycles++;
              value &= ~1;
            } else if (Rd === 13) {
              value &= ~3;
            }
            regs[Rd] = value;
            break;
          }
          case 0b11: // BX, BLX
            if ((op & 7) !== 0) return slow.call(this);
            regs[15] += 2;
            if (op & 0x80) {
              const Rm = (op >> 3) & 0xf;
              this.LR = regs[15] | 0x1;
              regs[15] = regs[Rm] & ~1;
              cycles++;
              this.blTaken(this, true);
            } else {
              this.BXWritePC(regs[(op >> 3) & 0xf]);
              cycles++;
            }
            break;
          default:
            return slow.call(this);
        }
        break;
      }
      case 0b01001: { // LDR (literal)
        regs[15] += 2;
        const addr = ((regs[15] + 2) & 0xfffffffc) + ((op & 0xff) << 2);
        cycles += this.cyclesIO(addr);
        regs[(op >> 8) & 7] = this.readUint32(addr);
        break;
      }
      case 0b01010:
      case 0b01011: { // loads and stores (register offset)
        const addr = regs[(op >> 6) & 7] + regs[(op >> 3) & 7];
        const Rt = op & 7;
        regs[15] += 2;
        switch ((op >> 9) & 7) {
          case 0b000: // STR
            if (inRam(addr)) {
              cycles++;
              sramView.setUint32(addr - SRAM, regs[Rt], true);
            } else {
              cycles += this.cyclesIO(addr, true);
              this.writeUint32(addr, regs[Rt]);
            }
            break;
          case 0b100: // LDR
            if (inRam(addr)) {
              cycles++;
              regs[Rt] = sramView.getUint32(addr - SRAM, true);
            } else {
              cycles += this.cyclesIO(addr);
              regs[Rt] = this.readUint32(addr);
            }
            break;
          case 0b110: // LDRB
            cycles += this.cyclesIO(addr);
            regs[Rt] = this.readUint8(addr);
            break;
          case 0b010: // STRB
            cycles += this.cyclesIO(addr, true);
            this.writeUint8(addr, regs[Rt]);
            break;
          default: // STRH, LDRSB, LDRH, LDRSH: rp2040js's own
            regs[15] -= 2;
            return slow.call(this);
        }
        break;
      }
      case 0b01100: { // STR (immediate)
        const addr = regs[(op >> 3) & 7] + (((op >> 6) & 0x1f) << 2);
        regs[15] += 2;
        if (inRam(addr)) {
          cycles++;
          sramView.setUint32(addr - SRAM, regs[op & 7], true);
        } else {
          cycles += this.cyclesIO(addr, true);
          this.writeUint32(addr, regs[op & 7]);
        }
        break;
      }
      case 0b01101: { // LDR (immediate)
        const addr = regs[(op >> 3) & 7] + (((op >> 6) & 0x1f) << 2);
        regs[15] += 2;
        if (inRam(addr)) {
          cycles++;
          regs[op & 7] = sramView.getUint32(addr - SRAM, true);
        } else {
          cycles += this.cyclesIO(addr);
          regs[op & 7] = this.readUint32(addr);
        }
        break;
      }
      case 0b01110: { // STRB (immediate)
        const addr = regs[(op >> 3) & 7] + ((op >> 6) & 0x1f);
        regs[15] += 2;
        cycles += this.cyclesIO(addr, true);
        this.writeUint8(addr, regs[op & 7]);
        break;
      }
      case 0b01111: { // LDRB (immediate)
        const addr = regs[(op >> 3) & 7] + ((op >> 6) & 0x1f);
        regs[15] += 2;
        cycles += this.cyclesIO(addr);
        regs[op & 7] = this.readUint8(addr);
        break;
      }
      case 0b10000: { // STRH (immediate)
        const addr = regs[(op >> 3) & 7] + (((op >> 6) & 0x1f) << 1);
        regs[15] += 2;
        cycles += this.cyclesIO(addr, true);
        this.writeUint16(addr, regs[op & 7]);
        break;
      }
      case 0b10001: { // LDRH (immediate)
        const addr = regs[(op >> 3) & 7] + (((op >> 6) & 0x1f) << 1);
        regs[15] += 2;
        cycles += this.cyclesIO(addr);
        regs[op & 7] = this.readUint16(addr);
        break;
      }
      case 0b10010: { // STR (SP plus immediate)
        const addr = regs[13] + ((op & 0xff) << 2);
        regs[15] += 2;
        if (inRam(addr)) {
          cycles++;
          sramView.setUint32(addr - SRAM, regs[(op >> 8) & 7], true);
        } else {
          cycles += this.cyclesIO(addr, true);
          this.writeUint32(addr, regs[(op >> 8) & 7]);
        }
        break;
      }
      case 0b10011: { // LDR (SP plus immediate)
        const addr = regs[13] + ((op & 0xff) << 2);
        regs[15] += 2;
        if (inRam(addr)) {
          cycles++;
          regs[(op >> 8) & 7] = sramView.getUint32(addr - SRAM, true);
        } else {
          cycles += this.cyclesIO(addr);
          regs[(op >> 8) & 7] = this.readUint32(addr);
        }
        break;
      }
      case 0b10110:
      case 0b10111: {
        if (op >> 9 === 0b1011010) { // PUSH
          regs[15] += 2;
          let bitCount = 0;
          for (let i = 0; i <= 8; i++) {
            if (op & (1 << i)) bitCount++;
          }
          let address = regs[13] - 4 * bitCount;
          for (let i = 0; i <= 7; i++) {
            if (op & (1 << i)) {
              if (inRam(address)) sramView.setUint32(address - SRAM, regs[i], true);
              else this.writeUint32(address, regs[i]);
              cycles++;
              address += 4;
            }
          }
          if (op & (1 << 8)) {
            if (inRam(address)) sramView.setUint32(address - SRAM, regs[14], true);
            else this.writeUint32(address, regs[14]);
          }
          this.SP -= 4 * bitCount;
          break;
        }
        if (op >> 9 === 0b1011110) { // POP
          regs[15] += 2;
          let address = regs[13];
          for (let i = 0; i <= 7; i++) {
            if (op & (1 << i)) {
              regs[i] = inRam(address) ? sramView.getUint32(address - SRAM, true) : this.readUint32(address);
              address += 4;
              cycles++;
            }
          }
          if ((op >> 8) & 1) {
            this.SP = address + 4;
            this.BXWritePC(this.readUint32(address));
            cycles += 2;
          } else {
            this.SP = address;
          }
          break;
        }
        return slow.call(this);
      }
      case 0b11010:
      case 0b11011: { // B (with condition); 1101 111x is UDF and SVC
        if (((op >> 9) & 7) === 7) return slow.call(this);
        regs[15] += 2;
        let imm8 = (op & 0xff) << 1;
        if (imm8 & (1 << 8)) imm8 = (imm8 & 0x1ff) - 0x200;
        if (this.checkCondition((op >> 8) & 0xf)) {
          this.PC += imm8 + 2;
          cycles++;
        }
        break;
      }
      case 0b11100: { // B
        regs[15] += 2;
        let imm11 = (op & 0x7ff) << 1;
        if (imm11 & (1 << 11)) imm11 = (imm11 & 0x7ff) - 0x800;
        this.PC += imm11 + 2;
        cycles++;
        break;
      }
      case 0b11110: { // BL (other 32-bit instructions: rp2040js's own)
        const op2 = this.readUint16(pc + 2);
        if (!(op2 >> 14 === 0b11 && ((op2 >> 12) & 0x1) === 1)) return slow.call(this);
        regs[15] += 2;
        const imm11 = op2 & 0x7ff;
        const J2 = (op2 >> 11) & 0x1;
        const J1 = (op2 >> 13) & 0x1;
        const imm10 = op & 0x3ff;
        const S = (op >> 10) & 0x1;
        const I1 = 1 - (S ^ J1);
        const I2 = 1 - (S ^ J2);
        const imm32 = ((S ? 0b11111111 : 0) << 24) | ((I1 << 23) | (I2 << 22) | (imm10 << 12) | (imm11 << 1));
        this.LR = (regs[15] + 2) | 0x1;
        this.PC += 2 + imm32;
        cycles += 2;
        this.blTaken(this, false);
        break;
      }
      default:
        return slow.call(this);
    }
    this.cycles += cycles;
    return cycles;
  };
}
