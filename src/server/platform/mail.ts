/** Sending a mail through the app's mail provider (`deps.mail`). */
import type { MailProvider, OutgoingMail } from '#src/server/providers/mail/types.ts';

/**
 * Sends `message`. With `bestEffort` (the mail's name for the log, e.g. "[complaints] the
 * confirmation mail") a failing mail server is logged, never the mail's content, and the
 * call goes on; without it the error is thrown (a 500).
 */
export async function sendMail(
  provider: MailProvider,
  message: OutgoingMail,
  options: { bestEffort?: string } = {},
): Promise<void> {
  try {
    await provider.send(message);
  } catch (error) {
    if (options.bestEffort === undefined) throw error;
    console.error(`${options.bestEffort} could not be sent:`, (error as Error).message);
  }
}
