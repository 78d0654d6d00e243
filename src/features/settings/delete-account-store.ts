/**
 * The account deletion flow of SPEC §2.7 as a state machine:
 *
 *   closed → alternatives → reason → deleting → redirect (countdown) → left
 *                              ↑__________| (error)          └─ Stay / Continue / 0 s
 *
 * 1. alternatives: change e-mail, privacy mode, a try-out package and the company's
 *    non-expiring discount code (companyinfo `delete_discount`, loaded on opening). The
 *    try-out package ($tryout) is the smallest bundle of the member's payment country,
 *    priced with that code when the member may still use it; `buyTryout` applies the code
 *    on the credits screens and opens the bundle's payment screen;
 * 2. reason (DELETE_REASONS) with free remarks and the current password (a session left open
 *    somewhere cannot delete the account), then DELETE /api/user.php;
 * 3. with a partner redirect in the answer, a 5 s countdown with 'Stay' (to /account-deleted)
 *    and 'Continue' (go now); without one, straight to /account-deleted.
 * Actions are only valid in their state; elsewhere they do nothing. The deletion is a
 * multi-step flow rather than one form, so its busy step ('deleting') and its error (in the
 * member's language, errorText) are part of the state.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { deleteAccount, DELETE_REASONS } from '#src/contract/accounts.ts';
import { getPackages, type CreditPackage } from '#src/contract/billing.ts';
import { getDiscountCode, type DiscountCode } from '#src/contract/discounts.ts';
import { getCompanyInfo } from '#src/contract/site.ts';
import { discountForm } from '#src/features/credits/credits-store.ts';
import { environment } from '#src/stores/environment.ts';
import { navigate } from '#src/stores/router.ts';
import { errorText } from '#src/stores/errors.ts';

export type DeleteReason = (typeof DELETE_REASONS)[number];
export { DELETE_REASONS };

export const ACCOUNT_DELETED_PATH = '/account-deleted';
export const REDIRECT_COUNTDOWN_S = 5;

export type DeleteAccountState =
  | { step: 'closed' }
  /** `discount` is undefined while the company info loads, null when there is none. */
  | { step: 'alternatives'; discount: string | null | undefined }
  | { step: 'reason'; reason: DeleteReason | null; remarks: string; password: string; error: string | null }
  | { step: 'deleting'; reason: DeleteReason; remarks: string; password: string }
  | { step: 'redirect'; url: string; secondsLeft: number }
  | { step: 'left'; url: string };

/** The try-out package of the alternatives: the smallest bundle, with the offer's code when usable. */
export interface TryoutOffer {
  pkg: CreditPackage;
  /** The deletion offer's code for this bundle, or null (none, or the member used it). */
  code: DiscountCode | null;
}

export interface DeleteAccountStore {
  $state: ReadableAtom<DeleteAccountState>;
  /** undefined while loading, null when there is no bundle to offer. */
  $tryout: ReadableAtom<TryoutOffer | null | undefined>;
  /** Applies the offer's code (when usable) and opens the try-out bundle's payment screen. */
  buyTryout: () => Promise<void>;
  open: () => void;
  /** 'Keep my account': closes the flow from any step before the deletion. */
  keep: () => void;
  toReason: () => void;
  setReason: (reason: DeleteReason) => void;
  setRemarks: (remarks: string) => void;
  /** The current password the deletion is confirmed with. */
  setPassword: (password: string) => void;
  confirm: () => Promise<void>;
  stay: () => void;
  continueNow: () => void;
  /** Stops a running countdown (unmount). */
  dispose: () => void;
}

export function createDeleteAccountStore(): DeleteAccountStore {
  const $state = atom<DeleteAccountState>({ step: 'closed' });
  const $tryout = atom<TryoutOffer | null | undefined>(undefined);
  let timer: ReturnType<typeof setInterval> | undefined;

  const stopTimer = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const leave = (url: string) => {
    stopTimer();
    $state.set({ step: 'left', url });
    environment().navigate(url);
  };

  /** The smallest bundle of the payment country, priced with the code when the member may use it. */
  const loadTryout = async (discount: string | null): Promise<TryoutOffer | null> => {
    const { api } = environment();
    const data = await api.call(getPackages, { query: {} });
    const pkg = [...data.packages].sort((a, b) => a.price_minor - b.price_minor)[0];
    if (!pkg) return null;
    if (!discount) return { pkg, code: null };
    const query = { code: discount, country: data.country, amount: pkg.price_minor, currency: pkg.currency };
    const code = await api.call(getDiscountCode, { query }).then(
      (answer) => answer.discount,
      // Used already, or switched off: the bundle is still on offer, at its price.
      () => null,
    );
    return { pkg, code };
  };

  return {
    $state,
    $tryout,
    open() {
      const state = $state.get();
      if (state.step !== 'closed') return;
      $state.set({ step: 'alternatives', discount: undefined });
      $tryout.set(undefined);
      environment()
        .api.call(getCompanyInfo)
        .then(
          ({ company }) => setDiscount(company.delete_discount.trim() || null),
          // The code is an offer, not a requirement: the flow goes on without it.
          () => setDiscount(null),
        );
      function setDiscount(discount: string | null) {
        const current = $state.get();
        if (current.step === 'alternatives') $state.set({ step: 'alternatives', discount });
        loadTryout(discount).then(
          (offer) => $tryout.set(offer),
          () => $tryout.set(null),
        );
      }
    },
    async buyTryout() {
      const offer = $tryout.get();
      if ($state.get().step !== 'alternatives' || !offer) return;
      if (offer.code) await discountForm.submit(offer.code.code);
      // In the members app, not a page load: the applied code lives in the credits store.
      navigate(`/credits/${offer.pkg.key}`);
    },
    keep() {
      const { step } = $state.get();
      if (step === 'alternatives' || step === 'reason') $state.set({ step: 'closed' });
    },
    toReason() {
      if ($state.get().step === 'alternatives') {
        $state.set({ step: 'reason', reason: null, remarks: '', password: '', error: null });
      }
    },
    setReason(reason) {
      const state = $state.get();
      if (state.step === 'reason') $state.set({ ...state, reason, error: null });
    },
    setRemarks(remarks) {
      const state = $state.get();
      if (state.step === 'reason') $state.set({ ...state, remarks });
    },
    setPassword(password) {
      const state = $state.get();
      if (state.step === 'reason') $state.set({ ...state, password, error: null });
    },
    async confirm() {
      const state = $state.get();
      if (state.step !== 'reason' || state.reason === null || state.password === '') return;
      const { reason, remarks, password } = state;
      $state.set({ step: 'deleting', reason, remarks, password });
      try {
        const trimmed = remarks.trim();
        const { redirect } = await environment().api.call(deleteAccount, {
          body: trimmed ? { reason, remarks: trimmed, password } : { reason, password },
        });
        if (redirect === null) {
          leave(ACCOUNT_DELETED_PATH);
          return;
        }
        $state.set({ step: 'redirect', url: redirect, secondsLeft: REDIRECT_COUNTDOWN_S });
        timer = setInterval(() => {
          const current = $state.get();
          if (current.step !== 'redirect') return stopTimer();
          if (current.secondsLeft <= 1) leave(current.url);
          else $state.set({ ...current, secondsLeft: current.secondsLeft - 1 });
        }, 1000);
      } catch (error) {
        $state.set({ step: 'reason', reason, remarks, password, error: errorText(error) });
      }
    },
    stay() {
      if ($state.get().step === 'redirect') leave(ACCOUNT_DELETED_PATH);
    },
    continueNow() {
      const state = $state.get();
      if (state.step === 'redirect') leave(state.url);
    },
    dispose: stopTimer,
  };
}
