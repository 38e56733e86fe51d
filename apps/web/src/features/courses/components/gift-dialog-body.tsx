import { useRef, useState, type FormEvent } from 'react';
import { courseGiftPayload, GIFT_MESSAGE_MAX, GIFT_VALID_DAYS, type CourseCard } from '@parley/domain/courses';
import { formatMoney } from '@parley/domain/money';
import { FormField } from '../../../shared/ui/form-field';
import { useGiftCourse } from '../api/gift-course';
import { PaidPanel } from './paid-panel';
import { PayOptions } from './pay-options';
import { useCoursePayment, type PayMethod } from './use-course-payment';
import { newRequestKey } from '../../../shared/lib/request-key';

type GiftForm = { recipientName: string; recipientEmail: string; message: string };
type GiftErrors = Partial<Record<keyof GiftForm, string>>;

const NAME_MAX = 80;
/** The form's problems in the user's words; empty when it can be sent. */
export function giftFormErrors(form: GiftForm): GiftErrors {
  const errors: GiftErrors = {};
  const name = form.recipientName.trim();
  const email = form.recipientEmail.trim();
  if (name === '') errors.recipientName = "Enter the recipient's name.";
  else if (!courseGiftPayload.shape.recipientName.safeParse(name).success) errors.recipientName = `Use up to ${NAME_MAX} letters, on one line.`;
  if (email === '') errors.recipientEmail = "Enter the recipient's e-mail address.";
  else if (!courseGiftPayload.shape.recipientEmail.safeParse(email).success) errors.recipientEmail = 'Enter a valid e-mail address, like name@example.com.';
  if (form.message.length > GIFT_MESSAGE_MAX) errors.message = `Keep the message to ${GIFT_MESSAGE_MAX} characters.`;
  else if (!courseGiftPayload.shape.message.safeParse(form.message).success) errors.message = 'Remove the special characters from the message.';
  return errors;
}

/** The gift form, then Wallet or Online payment, then the confirmation. */
export function GiftDialogBody({ course, onClose }: { course: Pick<CourseCard, '_id' | 'title' | 'price'>; onClose: () => void }) {
  const gift = useGiftCourse();
  const { run, busy } = useCoursePayment();
  const [form, setForm] = useState<GiftForm>({ recipientName: '', recipientEmail: '', message: '' });
  const [errors, setErrors] = useState<GiftErrors>({});
  const [payingWith, setPayingWith] = useState<PayMethod | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  // One key per filled-in form: sending it again (after a lost answer) pays once; a changed form is a new gift.
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const fields = { recipientName: useRef<HTMLInputElement>(null), recipientEmail: useRef<HTMLInputElement>(null), message: useRef<HTMLTextAreaElement>(null) };

  const change = (key: keyof GiftForm) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setRequestKey(newRequestKey());
  };

  /** Shows every problem and moves to the first one; true when the form can be sent. */
  const check = (): boolean => {
    const found = giftFormErrors(form);
    setErrors(found);
    const first = (Object.keys(fields) as (keyof GiftForm)[]).find((key) => found[key]);
    if (first) fields[first].current?.focus();
    return first === undefined;
  };

  const pay = async (method: PayMethod) => {
    if (!check()) return;
    setPayingWith(method);
    const payload = { courseId: course._id, recipientName: form.recipientName.trim(), recipientEmail: form.recipientEmail.trim(), message: form.message.trim(), method, requestKey };
    const result = await run(() => gift.mutateAsync(payload), { purpose: 'CourseGift', description: `Gift: ${course.title}`.slice(0, 200) }, ['recipientEmail']);
    setPayingWith(null);
    if (result.status === 'paid') setSentMessage(result.message);
    // The server refused the address (the giver's own): said at the field, which takes focus.
    else if (result.fields?.recipientEmail) {
      setErrors((current) => ({ ...current, recipientEmail: result.fields?.recipientEmail }));
      fields.recipientEmail.current?.focus();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    check();
  };
  const giftComesBack = `If the gift is not redeemed within ${GIFT_VALID_DAYS} days, its price comes back to your wallet.`;

  return (
    <div className="space-y-4">
      <div role="status">
        {sentMessage ? (
          <PaidPanel message={sentMessage}>
            <p className="w-full text-sm">
              {form.recipientName.trim()} will get an e-mail at {form.recipientEmail.trim()} with a link to redeem {course.title}.
            </p>
            <p className="w-full text-sm">{giftComesBack}</p>
            <button type="button" className="btn btn-primary btn-sm" onClick={onClose}>
              Done
            </button>
          </PaidPanel>
        ) : null}
      </div>
      {sentMessage ? null : (
        <>
          <div className="flex items-start justify-between gap-4 rounded-box bg-base-200 p-3">
            <span className="min-w-0 font-medium">{course.title}</span>
            <span className="shrink-0 font-bold tabular-nums">{formatMoney(course.price)}</span>
          </div>
          <form noValidate onSubmit={submit} className="space-y-3" aria-label="Gift details">
            <FormField label="Recipient's name" error={errors.recipientName}>
              <input ref={fields.recipientName} type="text" autoComplete="off" maxLength={NAME_MAX + 20} className="input input-bordered w-full" value={form.recipientName} onChange={change('recipientName')} />
            </FormField>
            <FormField label="Recipient's e-mail" error={errors.recipientEmail}>
              <input ref={fields.recipientEmail} type="email" autoComplete="off" inputMode="email" className="input input-bordered w-full" value={form.recipientEmail} onChange={change('recipientEmail')} />
            </FormField>
            <FormField label="Message (optional)" error={errors.message} hint={`${form.message.length} / ${GIFT_MESSAGE_MAX} characters`}>
              <textarea ref={fields.message} rows={3} className="textarea textarea-bordered w-full" value={form.message} onChange={change('message')} />
            </FormField>
          </form>
          <p className="text-sm text-base-content/70">{giftComesBack}</p>
          <PayOptions price={course.price} busy={busy} payingWith={payingWith} onPay={(method) => void pay(method)} />
        </>
      )}
    </div>
  );
}
