import { useEffect, useRef, useState, type FormEvent } from 'react';
import { bankDetailsPayload, type BankDetailsPayload } from '@parley/domain/affiliate';
import type { BankDetailsView } from '@parley/domain/affiliate-api';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { useSaveBankDetails } from '../api/save-bank-details';

type Kind = BankDetailsPayload['kind'];
const empty = { accountHolder: '', accountNumber: '', ifsc: '', iban: '', swift: '' };
/** The fields each kind of account shows: a server error about any other has nowhere to appear. */
const shownFields: Record<Kind, readonly string[]> = { IN: ['accountHolder', 'accountNumber', 'ifsc'], INTL: ['accountHolder', 'iban', 'swift'] };

/**
 * Adds or replaces where payouts go: India (account number and IFSC) or elsewhere (IBAN and SWIFT).
 * Replacing starts from what is shown of the saved details (the holder, the IFSC or SWIFT); the
 * account itself is never sent back, so it is typed again. `onCancel` keeps the saved details.
 */
export function BankDetailsForm({ current, onDone, onCancel }: { current: BankDetailsView | null; onDone?: () => void; onCancel?: () => void }) {
  const [kind, setKind] = useState<Kind>(current?.kind ?? 'IN');
  const [values, setValues] = useState({
    ...empty,
    accountHolder: current?.accountHolder ?? '',
    ifsc: current?.kind === 'IN' ? current.ifsc : '',
    swift: current?.kind === 'INTL' ? current.swift : '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveBankDetails();
  // After a refused save, the first field at fault takes focus, so it is seen and read out.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const field = (name: keyof typeof empty) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const payload: BankDetailsPayload =
      kind === 'IN'
        ? { kind, accountHolder: values.accountHolder, accountNumber: values.accountNumber, ifsc: values.ifsc }
        : { kind, accountHolder: values.accountHolder, iban: values.iban, swift: values.swift };
    const checked = bankDetailsPayload.safeParse(payload);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(payload, {
      onSuccess: () => {
        notify.success('Bank details saved');
        setValues({ ...empty, accountHolder: values.accountHolder });
        onDone?.();
      },
      onError: (error) => {
        // A field the form does not show (the kind, say) would be marked where no one sees it: then it is said in a toast.
        const shown = Object.entries(isApiError(error) ? (error.fields ?? {}) : {}).filter(([name]) => shownFields[kind].includes(name));
        if (shown.length > 0) setErrors(Object.fromEntries(shown));
        else notify.error(errorMessage(error));
      },
    });
  };

  return (
    <form ref={form} noValidate onSubmit={submit} className="grid gap-4" aria-label="Bank details">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 text-sm font-medium">Where is the account?</legend>
        {(
          [
            ['IN', 'In India (account number and IFSC)'],
            ['INTL', 'Elsewhere (IBAN and SWIFT)'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" name="bank-kind" className="radio radio-sm" checked={kind === value} onChange={() => setKind(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      <FormField label="Account holder" error={errors.accountHolder}>
        <input className="input w-full" autoComplete="name" {...field('accountHolder')} />
      </FormField>
      {kind === 'IN' ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Account number" error={errors.accountNumber} hint="9 to 18 digits">
            <input className="input w-full" inputMode="numeric" autoComplete="off" {...field('accountNumber')} />
          </FormField>
          <FormField label="IFSC" error={errors.ifsc} hint="For example HDFC0001234">
            <input className="input w-full uppercase" autoComplete="off" {...field('ifsc')} />
          </FormField>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="IBAN" error={errors.iban}>
            <input className="input w-full uppercase" autoComplete="off" {...field('iban')} />
          </FormField>
          <FormField label="SWIFT / BIC" error={errors.swift} hint="8 or 11 letters and digits">
            <input className="input w-full uppercase" autoComplete="off" {...field('swift')} />
          </FormField>
        </div>
      )}
      <p className="text-xs text-base-content/70">Stored encrypted. After saving, only the last four characters of the account are shown.</p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" aria-disabled={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : current ? 'Replace bank details' : 'Save bank details'}
        </button>
        {current && onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
