/**
 * Pulls money from a customer's account at a bank into Poisha's settlement account there. A real
 * connector talks to the bank's API; the sandbox approves every well-formed request at once.
 */
export interface BankConnector {
  readonly name: string;
  pull(request: { bankId: string; accountNumber: string; holderNumber: string; amountCents: number; reference: string; idempotencyKey: string }): Promise<{ providerRef: string }>;
}

export const sandboxBankConnector: BankConnector = {
  name: 'sandbox',
  async pull() {
    return { providerRef: `bank_sandbox_${crypto.randomUUID().replaceAll('-', '')}` };
  },
};
