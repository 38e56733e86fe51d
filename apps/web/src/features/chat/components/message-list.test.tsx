import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { chatMessage } from '../lib/chat-fixtures';
import { TEACHER_ID } from '../../../test/fixtures';
import { MessageList } from './message-list';

const now = new Date('2026-03-10T10:00:00.000Z');

describe('MessageList', () => {
  it('renders a message as text, never as HTML', () => {
    const hostile = '<script>window.hacked = true</script><b>bold</b>';
    const { container } = render(
      <MessageList messages={[chatMessage({ seq: 1, message: hostile })]} as="learner" timeZone="Asia/Kolkata" now={now} counterpartName="Ananya Iyer" />,
    );
    expect(screen.getByText(hostile)).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('makes web addresses (opening in a new tab) and e-mail addresses in a message links; nothing else', () => {
    const text = 'Notes: https://parley.example/notes?week=2. Also www.example.com, or write to ananya@example.com. Not javascript:alert(1) nor ftp://files.example.com';
    render(<MessageList messages={[chatMessage({ seq: 1, message: text })]} as="learner" timeZone="Asia/Kolkata" now={now} counterpartName="Ananya Iyer" />);
    const message = screen.getByTestId('chat-message');
    const links = within(message).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['https://parley.example/notes?week=2 (opens in a new tab)', 'https://parley.example/notes?week=2'],
      ['www.example.com (opens in a new tab)', 'http://www.example.com'],
      ['ananya@example.com', 'mailto:ananya@example.com'],
    ]);
    for (const link of links.slice(0, 2)) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    }
    expect(links[2]).not.toHaveAttribute('target');
    // The words around the links stay as they were.
    expect(message).toHaveTextContent('Not javascript:alert(1) nor ftp://files.example.com');
  });

  it("puts the viewer's own messages on the right and the counterpart's on the left, in the viewer's timezone", () => {
    render(
      <MessageList
        messages={[chatMessage({ seq: 1, message: 'Hi tutor' }), chatMessage({ seq: 2, message: 'Hi Rohan', learner: null, teacher: TEACHER_ID, createdAt: '2026-03-10T09:05:00.000Z' })]}
        as="learner"
        timeZone="Asia/Kolkata"
        now={now}
        counterpartName="Ananya Iyer"
      />,
    );
    const [mine, theirs] = screen.getAllByTestId('chat-message');
    expect(mine).toHaveClass('chat-end');
    expect(within(mine!).getByText('You')).toBeInTheDocument();
    expect(theirs).toHaveClass('chat-start');
    expect(within(theirs!).getByText('Ananya Iyer')).toBeInTheDocument();
    // 09:05 UTC is 2:35 PM in Kolkata.
    expect(within(theirs!).getByText('2:35 PM')).toBeInTheDocument();
  });

  it("shows a sender's run of messages in one minute under one name and one time, still named and timed for a screen reader", () => {
    render(
      <MessageList
        messages={[
          chatMessage({ seq: 1, message: 'ok', createdAt: '2026-03-10T09:05:10.000Z' }),
          chatMessage({ seq: 2, message: 'see you then', createdAt: '2026-03-10T09:05:40.000Z' }),
          chatMessage({ seq: 3, message: 'thanks', createdAt: '2026-03-10T09:06:05.000Z' }),
          chatMessage({ seq: 4, message: 'Welcome', learner: null, teacher: TEACHER_ID, createdAt: '2026-03-10T09:06:30.000Z' }),
        ]}
        as="learner"
        timeZone="UTC"
        now={now}
        counterpartName="Ananya Iyer"
      />,
    );
    const [first, second, third, theirs] = screen.getAllByTestId('chat-message');
    const header = (item: HTMLElement) => item.querySelector('.chat-header')!;
    const footer = (item: HTMLElement) => item.querySelector('time')!;
    // One name over 'ok' and 'see you then', one time under them; 'thanks' is a new minute.
    expect(header(first!)).not.toHaveClass('sr-only');
    expect(header(second!)).toHaveClass('sr-only');
    expect(footer(first!)).toHaveClass('sr-only');
    expect(footer(second!)).not.toHaveClass('sr-only');
    expect(header(third!)).not.toHaveClass('sr-only');
    expect(footer(third!)).not.toHaveClass('sr-only');
    // The counterpart's message in the same minute as 'thanks' starts its own run.
    expect(header(theirs!)).not.toHaveClass('sr-only');
    for (const item of [first, second, third]) {
      expect(within(item!).getByText('You')).toBeInTheDocument();
      expect(footer(item!)).toHaveAttribute('dateTime');
    }
    expect(footer(first!)).toHaveTextContent('9:05 AM');
  });

  it('links a file message to its download', () => {
    render(
      <MessageList
        messages={[chatMessage({ seq: 1, type: 'File', message: 'essay.pdf', file: { url: '/room/v1/files/abc', name: 'essay.pdf', mime: 'application/pdf', size: 2048 } })]}
        as="learner"
        timeZone="UTC"
        now={now}
        counterpartName="Ananya Iyer"
      />,
    );
    const link = screen.getByRole('link', { name: /essay\.pdf/ });
    expect(link).toHaveAttribute('href', '/room/v1/files/abc');
    expect(link).toHaveAttribute('download', 'essay.pdf');
  });
});
