import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingSubject } from '@parley/domain/booking';
import type { TimeInterval } from '@parley/domain/slots';
import { SlotRequestFields } from './slot-request-fields';

// 10:00 in Kolkata on 10 March 2026.
const now = new Date('2026-03-10T04:30:00.000Z');
const timeZone = 'Asia/Kolkata';

function Harness({ classDurationMin = 15, reserved = [] as TimeInterval[], subjects = ['English'] as BookingSubject[] }) {
  const [date, setDate] = useState('2026-03-10');
  const [startAt, setStartAt] = useState('');
  const [subject, setSubject] = useState<BookingSubject>(subjects[0]!);
  return (
    <>
      <SlotRequestFields
        timeZone={timeZone}
        now={now}
        classDurationMin={classDurationMin}
        reserved={reserved}
        subjects={subjects}
        subject={subject}
        onSubjectChange={setSubject}
        date={date}
        onDateChange={(d) => {
          setDate(d);
          setStartAt('');
        }}
        startAt={startAt}
        onStartAtChange={setStartAt}
      />
      <output data-testid="chosen">{startAt}</output>
    </>
  );
}

const timeOptions = () => within(screen.getByLabelText('Time')).getAllByRole('option') as HTMLOptionElement[];

describe('SlotRequestFields', () => {
  it('offers 7 dates, today through 6 days ahead, labelled dd-MMM-yyyy', () => {
    render(<Harness />);
    const dates = within(screen.getByLabelText('Date')).getAllByRole('option').map((o) => o.textContent);
    expect(dates).toEqual(['10-Mar-2026', '11-Mar-2026', '12-Mar-2026', '13-Mar-2026', '14-Mar-2026', '15-Mar-2026', '16-Mar-2026']);
  });

  it("starts the time select on a disabled 'Select Time'", () => {
    render(<Harness />);
    const [placeholder] = timeOptions();
    expect(placeholder).toHaveTextContent('Select Time');
    expect(placeholder).toBeDisabled();
    expect(screen.getByLabelText('Time')).toHaveValue('');
  });

  it('starts today 10 minutes from now and steps by the class duration plus 5 minutes', () => {
    render(<Harness classDurationMin={15} />);
    const labels = timeOptions().slice(1, 4).map((o) => o.textContent);
    expect(labels).toEqual(['10:10 AM', '10:30 AM', '10:50 AM']);
  });

  it('steps by 60 minutes for a 55-minute IELTS chat booking, from midnight on a later date', async () => {
    const user = userEvent.setup();
    render(<Harness classDurationMin={55} />);
    await user.selectOptions(screen.getByLabelText('Date'), '11-Mar-2026');
    const labels = timeOptions().slice(1, 4).map((o) => o.textContent);
    expect(labels).toEqual(['12:00 AM', '1:00 AM', '2:00 AM']);
  });

  it('disables slots that overlap a reserved session', () => {
    // The tutor is booked 10:30–10:45 Kolkata time.
    render(<Harness reserved={[{ startAt: new Date('2026-03-10T05:00:00.000Z'), endAt: new Date('2026-03-10T05:15:00.000Z') }]} />);
    const [, first, second, third] = timeOptions();
    expect(first).toBeEnabled();
    expect(second).toBeDisabled();
    expect(second).toHaveTextContent('10:30 AM (reserved)');
    expect(third).toBeEnabled();
  });

  it('a new date clears the chosen time', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.selectOptions(screen.getByLabelText('Time'), '10:10 AM');
    expect(screen.getByTestId('chosen')).toHaveTextContent('2026-03-10T04:40:00.000Z');
    await user.selectOptions(screen.getByLabelText('Date'), '12-Mar-2026');
    expect(screen.getByTestId('chosen')).toBeEmptyDOMElement();
    expect(screen.getByLabelText('Time')).toHaveValue('');
  });

  it('shows a subject select only when there is more than one subject', () => {
    const { unmount } = render(<Harness />);
    expect(screen.queryByLabelText('Subject')).not.toBeInTheDocument();
    unmount();
    render(<Harness subjects={['English', 'IELTS']} />);
    expect(screen.getByLabelText('Subject')).toHaveValue('English');
  });
});
