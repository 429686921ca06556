// The host side of the chip's USB serial (CDC ACM): enumerates the device the way
// rp2040js's USBCDC helper does, but as a real host behaves on the data endpoint:
// an armed OUT transfer completes only when the host has bytes to send (the stock
// helper completes every one after 10 us, empty, so the firmware takes a USB
// interrupt every 10 us), and nothing the host sends is dropped (no 512-byte FIFO).

import {
  DataDirection,
  DescriptorType,
  SetupRecipient,
  SetupType,
  createSetupPacket,
  getDescriptorPacket,
  setDeviceAddressPacket,
  setDeviceConfigurationPacket,
} from './rp.mjs';

const CDC_DATA_CLASS = 10;
const SET_CONTROL_LINE_STATE = 0x22;
const DTR_RTS = 3;
const CONFIG_HEADER = 9;

/** The first CDC data interface's bulk endpoints {in, out} (the console, when there are two). */
export function dataEndpoints(desc) {
  let inData = false;
  const found = { in: -1, out: -1 };
  for (let i = 0; i + 1 < desc.length && desc[i] >= 2; i += desc[i]) {
    const len = desc[i];
    const type = desc[i + 1];
    if (type === DescriptorType.Interface && len === 9) {
      if (found.in >= 0 && found.out >= 0) break;
      inData = desc[i + 4] === 2 && desc[i + 5] === CDC_DATA_CLASS;
    } else if (inData && type === DescriptorType.Endpoint && len === 7 && (desc[i + 3] & 3) === 2) {
      const addr = desc[i + 2];
      if (addr & 0x80) found.in = addr & 0xf;
      else found.out = addr & 0xf;
    }
  }
  return found;
}

export class CdcHost {
  constructor(usb, onData, onConnected) {
    this.usb = usb;
    this.onData = onData;
    this.onConnected = onConnected;
    this.chunks = []; // bytes from the host not yet taken by the device
    this.offset = 0; // into chunks[0]
    this.armed = -1; // size of the OUT transfer the device has armed, -1 none
    this.descSize = -1;
    this.desc = [];
    this.configured = false;
    this.ep = { in: -1, out: -1 };
    usb.onUSBEnabled = () => usb.resetDevice();
    usb.onResetReceived = () => usb.sendSetupPacket(setDeviceAddressPacket(1));
    usb.onEndpointWrite = (endpoint, buffer) => this.written(endpoint, buffer);
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint === this.ep.out) {
        this.armed = size;
        this.feed();
      }
    };
  }

  written(endpoint, buffer) {
    const { usb } = this;
    if (endpoint === 0) {
      if (buffer.length === 0) {
        // a status stage: the next step of enumeration
        if (this.descSize < 0) {
          usb.sendSetupPacket(getDescriptorPacket(DescriptorType.Configration, CONFIG_HEADER));
        } else if (!this.configured && this.ep.out >= 0) {
          this.configured = true;
          usb.sendSetupPacket(
            createSetupPacket({
              dataDirection: DataDirection.HostToDevice,
              type: SetupType.Class,
              recipient: SetupRecipient.Device,
              bRequest: SET_CONTROL_LINE_STATE,
              wValue: DTR_RTS,
              wIndex: 0,
              wLength: 0,
            }),
          );
          this.onConnected?.();
        }
      } else if (buffer.length > 1) {
        if (this.descSize < 0 && buffer.length === CONFIG_HEADER && buffer[1] === DescriptorType.Configration) {
          this.descSize = buffer[2] | (buffer[3] << 8);
          usb.sendSetupPacket(getDescriptorPacket(DescriptorType.Configration, this.descSize));
        } else if (this.descSize >= 0 && this.desc.length < this.descSize) {
          this.desc.push(...buffer);
          if (this.desc.length >= this.descSize) {
            this.ep = dataEndpoints(this.desc);
            usb.sendSetupPacket(setDeviceConfigurationPacket(1));
          }
        }
      }
    }
    if (endpoint === this.ep.in && endpoint > 0) {
      this.onData(buffer);
    }
  }

  get pending() {
    let n = -this.offset;
    for (const c of this.chunks) n += c.length;
    return n;
  }

  /** Bytes from the host to the device; dropped until the device is configured (a port not there yet). */
  send(bytes) {
    if (bytes.length && this.configured) {
      this.chunks.push(Uint8Array.from(bytes));
      this.feed();
    }
  }

  feed() {
    if (this.armed < 0 || !this.chunks.length) return;
    const out = new Uint8Array(Math.min(this.armed, this.pending));
    let n = 0;
    while (n < out.length) {
      const c = this.chunks[0];
      const take = Math.min(c.length - this.offset, out.length - n);
      out.set(c.subarray(this.offset, this.offset + take), n);
      n += take;
      this.offset += take;
      if (this.offset === c.length) {
        this.chunks.shift();
        this.offset = 0;
      }
    }
    this.armed = -1;
    this.usb.endpointReadDone(this.ep.out, out);
  }
}
