/**
 * The complaints form (SPEC §2.7 'Complaints'): its fields, the checks the server makes too
 * (a topic, a description of COMPLAINT_DESCRIPTION_MIN–MAX characters, an e-mail address for
 * visitors), and the reference the server answers, shown once sent.
 */
import { atom, map } from 'nanostores';
import {
  COMPLAINT_DESCRIPTION_MAX,
  COMPLAINT_DESCRIPTION_MIN,
  COMPLAINT_TOPICS,
  postComplaint,
  type ComplaintTopic,
} from '#src/contract/complaints.ts';
import { CheckError } from '#src/stores/errors.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';

export interface ComplaintFields {
  /** '' until one is chosen. */
  topic: ComplaintTopic | '';
  order: string;
  member: string;
  description: string;
  email: string;
}

const EMPTY: ComplaintFields = { topic: '', order: '', member: '', description: '', email: '' };
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isComplaintTopic = (value: string): value is ComplaintTopic =>
  (COMPLAINT_TOPICS as readonly string[]).includes(value);

/**
 * A complaints form. `member`: the sender is logged in, so the e-mail address may stay empty
 * (the account's is used). `initial`: fields filled in from the page's address (?order=, ?member=).
 */
export function createComplaintStore(options: { member: boolean; initial?: Partial<ComplaintFields> }) {
  const $fields = map<ComplaintFields>({ ...EMPTY, ...options.initial });
  /** The reference of the complaint just sent; null before. */
  const $reference = atom<string | null>(null);

  const form = createForm(async () => {
    const fields = $fields.get();
    if (!fields.topic) throw new CheckError('complaints.validation.topic', 'topic');
    const description = fields.description.trim();
    if (description.length < COMPLAINT_DESCRIPTION_MIN || description.length > COMPLAINT_DESCRIPTION_MAX) {
      throw new CheckError('complaints.validation.description', 'description', {
        min: COMPLAINT_DESCRIPTION_MIN,
        max: COMPLAINT_DESCRIPTION_MAX,
      });
    }
    const email = fields.email.trim();
    if ((email || !options.member) && !EMAIL_PATTERN.test(email)) {
      throw new CheckError('complaints.validation.email', 'email');
    }
    const { reference } = await environment().api.call(postComplaint, {
      body: {
        topic: fields.topic,
        description,
        ...(fields.order.trim() ? { order: fields.order.trim() } : {}),
        ...(fields.member.trim() ? { member: fields.member.trim() } : {}),
        ...(email ? { email } : {}),
      },
    });
    $reference.set(reference);
    return reference;
  });

  return {
    $fields,
    $reference,
    form,
    set: <K extends keyof ComplaintFields>(key: K, value: ComplaintFields[K]): void => {
      $fields.set({ ...$fields.get(), [key]: value });
    },
    /** Back to an empty form for another complaint. */
    again: (): void => {
      $fields.set({ ...EMPTY });
      $reference.set(null);
      form.reset();
    },
  };
}
export type ComplaintStore = ReturnType<typeof createComplaintStore>;
