/* ehciqh.c: EHCI's QH and qTD builders (split-transaction fields included), interval placement and the periodic frame list. */
#include <stdbool.h>
#include <stdint.h>

#include "ehcireg.h"
#include "usbhc.h"

static uint32_t eps_of(uint8_t speed)
{
	return speed == USB_SPEED_HIGH ? QH_EPS_HIGH : speed == USB_SPEED_LOW ? QH_EPS_LOW : QH_EPS_FULL;
}

/*
 * QH dword 1 (EHCI 3.6.2): address, endpoint, speed, maximum packet. A
 * control endpoint takes its toggle from each qTD (DTC) and, below high
 * speed, has C set; the NAK counter (RL) only for high speed on the
 * asynchronous list (EHCI 4.9: 0 for periodic QHs and split transactions).
 */
uint32_t ehci_qh_chars(uint8_t addr, uint8_t ep, uint8_t speed, uint16_t mps, bool control, bool async)
{
	uint32_t v = (addr & 0x7Fu) | (ep & 0x0Fu) << 8 | eps_of(speed) << 12 | (uint32_t)(mps & 0x7FF) << 16;

	if (control)
		v |= QH_DTC;
	if (control && speed != USB_SPEED_HIGH)
		v |= QH_CONTROL_EP;
	if (async && speed == USB_SPEED_HIGH)
		v |= QH_RL_HS;
	return v;
}

/*
 * QH dword 2: one transaction a microframe; a periodic QH starts in
 * microframe 0 (S-mask) and, for a full/low-speed device behind a
 * high-speed hub, completes its split in microframes 2-4 (C-mask); the hub
 * address and port only for such a device (its transaction translator).
 */
uint32_t ehci_qh_caps(uint8_t speed, uint8_t tt_hub, uint8_t tt_port, bool periodic)
{
	uint32_t v = QH_MULT_1;
	bool split = speed != USB_SPEED_HIGH && tt_hub != 0;

	if (periodic)
		v |= QH_SMASK_INTR;
	if (periodic && split)
		v |= (uint32_t)QH_CMASK_SPLIT << 8;
	if (split)
		v |= (uint32_t)(tt_hub & 0x7F) << 16 | (uint32_t)(tt_port & 0x7F) << 23;
	return v;
}

/* qTD token: active, three tries, the PID, the bytes, the toggle (used when the QH says DTC). */
uint32_t ehci_qtd_token(uint32_t pid, uint32_t len, bool toggle)
{
	return QTD_ACTIVE | QTD_CERR_3 | (pid & 3u) << 8 | (len & 0x7FFFu) << 16 | (toggle ? QTD_TOGGLE : 0);
}

/* A qTD for len bytes at buf (at most QTD_MAX_BYTES): its page pointers, no alternate, then `next` (NULL: end). */
void ehci_qtd_fill(EhciQtd *td, uint32_t pid, const volatile void *buf, uint32_t len, bool toggle,
                   const EhciQtd *next)
{
	uint32_t a = len ? ehci_addr32(buf) : 0;

	td->next = next ? ehci_addr32(next) : LINK_T;
	td->alt = LINK_T;
	for (int i = 0; i < 5; i++) {
		td->buf[i] = i == 0 ? a : (a & ~0xFFFu) + 0x1000u * (uint32_t)i;
		td->buf_hi[i] = 0;
	}
	td->token = ehci_qtd_token(pid, len, toggle);
}

/*
 * An interrupt endpoint's period in frames: bInterval milliseconds at full
 * and low speed; 2^(bInterval-1) microframes at high speed (USB 2.0 9.6.6),
 * served at least once a frame (a shorter one is polled every frame).
 */
uint8_t ehci_intr_frames(uint8_t speed, uint8_t interval)
{
	if (interval == 0)
		interval = 1;
	if (speed != USB_SPEED_HIGH)
		return interval;
	if (interval > 16)
		interval = 16;
	return interval <= 4 ? 1 : (uint8_t)((1u << (interval - 1)) / 8 > 255 ? 255 : (1u << (interval - 1)) / 8);
}

/* The skeleton QH for a period of `frames`: the largest 2^k not above it (32 at most). */
uint8_t ehci_skel_for(uint8_t frames)
{
	return usb_skel_for(frames, SKEL_INTR);
}

/*
 * The periodic schedule: skeleton QHs (halted, never run) for every 1, 2,
 * 4 .. 32 ms, each leading to the next shorter; frame i points at the one
 * for the largest power of two dividing i, so a QH after skel[k] is served
 * every 2^k frames.
 */
void ehci_frame_list(EhciMem *m)
{
	for (int k = 0; k < SKEL_INTR; k++) {
		EhciQh *q = &m->skel[k];

		q->chars = ehci_qh_chars(0, 0, USB_SPEED_HIGH, 64, false, false);
		q->caps = ehci_qh_caps(USB_SPEED_HIGH, 0, 0, true);
		q->current = 0;
		q->next = q->alt = LINK_T;
		q->token = QTD_HALTED;
		q->link = k ? ehci_addr32(&m->skel[k - 1]) | LINK_QH : LINK_T;
	}
	for (uint32_t i = 0; i < FRAME_LIST; i++) {
		int k = 0;

		while (k < SKEL_INTR - 1 && !(i & (1u << k)))
			k++;
		m->frame[i] = ehci_addr32(&m->skel[k]) | LINK_QH;
	}
}
