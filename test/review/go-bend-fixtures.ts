// Fixture workspaces for the Go and Bend review profiles, kept in one place so README
// examples and tests can be produced from the same files. Each returns the files and
// the edit that a hook event reports for them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, editEvent, workspace } from './helpers.js';

export const GO_MOD = 'module example.com/shop\n\ngo 1.22\n';

export const REPORT_GO = `package status

// Report says how a service is doing.
type Report struct {
	Service string
	State   Status
	Since   Timestamp
}

// Timestamp is seconds since the epoch.
type Timestamp int64

func (r Report) Healthy() bool { return r.Service != "" }
`;

export const STATUS_LINUX_GO = `package status

// Status as the service manager reports it.
type Status struct {
	Unit   string
	Active bool
}
`;

export const STATUS_WINDOWS_GO = `package status

// Status as the service control manager reports it.
type Status struct {
	Name    string
	Running bool
}
`;

/** status/ with report.go and a Status per platform; `go` is the .cairn.jsonc target, if any. */
export function goStatusWorkspace(go: { goos: string; goarch: string; tags: string[] } | null, extra: Record<string, string> = {}): string {
  return workspace(
    {
      'go.mod': GO_MOD,
      'status/report.go': REPORT_GO,
      'status/status_linux.go': STATUS_LINUX_GO,
      'status/status_windows.go': STATUS_WINDOWS_GO,
      ...(go ? { '.cairn.jsonc': JSON.stringify({ go }, null, 2) } : {}),
      ...extra,
    },
    { git: true },
  );
}

/** The Claude Code Edit that added Report's State field. */
export function reportEdit(ws: string): string {
  return editEvent(ws, 'status/report.go', before(REPORT_GO, '', '\tState   Status\n'), '\tService string\n', '\tService string\n\tState   Status\n');
}

export const INVOICE_GO = `package billing

import (
	"example.com/shop/internal/ids"
	"example.com/shop/money"
)

// Invoice is what a customer is asked to pay.
type Invoice struct {
	ID     ids.InvoiceID
	Total  money.Amount
	Lines  []Line
	State  InvoiceState
}

// Line is one item of an invoice.
type Line struct {
	Sku      string
	Quantity int
}

func (i Invoice) Empty() bool { return len(i.Lines) == 0 }
`;

export const STATE_GO = `package billing

// InvoiceState is where an invoice is in its life.
type InvoiceState int

const (
	Draft InvoiceState = iota
	Sent
	Paid
)
`;

export const AMOUNT_GO = `package money

// Amount is a sum of money in minor units.
type Amount struct {
	Cents    int64
	Currency string
}
`;

export const IDS_GO = `package ids

// InvoiceID names one invoice.
type InvoiceID string
`;

/** A module with billing/, money/ and internal/ids/: imports, an internal package and a constant group. */
export function goBillingWorkspace(extra: Record<string, string> = {}): string {
  return workspace(
    {
      'go.mod': GO_MOD,
      '.cairn.jsonc': JSON.stringify({ go: { goos: 'linux', goarch: 'amd64', tags: [] } }, null, 2),
      'billing/invoice.go': INVOICE_GO,
      'billing/state.go': STATE_GO,
      'money/amount.go': AMOUNT_GO,
      'internal/ids/ids.go': IDS_GO,
      ...extra,
    },
    { git: true },
  );
}

/** The Claude Code Edit that added Invoice's State field. */
export function invoiceEdit(ws: string, text = INVOICE_GO): string {
  return editEvent(ws, 'billing/invoice.go', before(text, '', '\tState  InvoiceState\n'), '\tLines  []Line\n', '\tLines  []Line\n\tState  InvoiceState\n');
}

export const PAYMENT_BEND = `import Base
import ./receipt.bend as R

# A payment and how it was made.
type Payment is Data:
  Card{number: String, receipt: R.Receipt}
  Cash{amount: U32}

def fee(p: Payment) -> U32:
  "type Fake is Data:"
  return 0
`;

export const RECEIPT_BEND = `import Base

type Receipt is Data:
  Receipt{id: U32, lines: Nat}
`;

/** bend/payment.bend importing bend/receipt.bend as R. */
export function bendWorkspace(extra: Record<string, string> = {}): string {
  return workspace({ 'bend/payment.bend': PAYMENT_BEND, 'bend/receipt.bend': RECEIPT_BEND, ...extra }, { git: true });
}

/** The Claude Code Edit that added Payment's receipt field. */
export function paymentBendEdit(ws: string, text = PAYMENT_BEND): string {
  return editEvent(ws, 'bend/payment.bend', before(text, '', ', receipt: R.Receipt'), '  Card{number: String}', '  Card{number: String, receipt: R.Receipt}');
}

/** Writes an event file into the workspace and returns its path. */
export function writeEvent(ws: string, name: string, event: string): string {
  writeFileSync(join(ws, name), event);
  return join(ws, name);
}
