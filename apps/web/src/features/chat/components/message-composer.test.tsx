import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_CHAT_MESSAGE_CHARS } from '@parley/domain/chat';
import { MessageComposer } from './message-composer';

describe('MessageComposer', () => {
  it('marks Send unavailable while the message is empty or only spaces, and sends nothing then', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(async () => true);
    render(<MessageComposer onSend={onSend} />);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toHaveAttribute('aria-disabled', 'true');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    expect(send).toHaveAttribute('aria-disabled', 'true');
    await user.click(send);
    expect(onSend).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    expect(send).not.toHaveAttribute('aria-disabled');
  });

  it('marks Send unavailable for a message of characters that show as nothing (zero-width spaces, word joiners), as the server refuses it', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(async () => true);
    render(<MessageComposer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.click(box);
    await user.paste('\u200b\u200b \u2060\ufeff');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps the focus on Send once a message sent with it empties the box', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(async () => true);
    render(<MessageComposer onSend={onSend} />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.tab();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(document.activeElement).toBe(send);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(''));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello');
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(send).not.toHaveAttribute('disabled');
    expect(document.activeElement).toBe(send);
  });

  it('sends the trimmed text on Enter and clears the box once stored', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(async () => true);
    render(<MessageComposer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '  Hello tutor {Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello tutor');
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('Shift+Enter starts a new line instead of sending; Enter on an empty box sends nothing', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(async () => true);
    render(<MessageComposer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.type(box, 'one{Shift>}{Enter}{/Shift}two');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('one\ntwo');
  });

  /** onSend answers only when `answer` is called, with true (stored) or false. */
  function heldSend() {
    const answers: ((stored: boolean) => void)[] = [];
    const onSend = vi.fn(() => new Promise<boolean>((resolve) => answers.push(resolve)));
    return { onSend, answer: (stored: boolean) => act(() => answers.shift()!(stored)) };
  }

  it('empties the box as soon as Send is pressed: what is typed while the message is on its way stays, and is not sent with it', async () => {
    const user = userEvent.setup();
    const { onSend, answer } = heldSend();
    render(<MessageComposer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'ok{Enter}');
    expect(box).toHaveValue('');
    await user.type(box, 'see you then');
    await answer(true);
    expect(box).toHaveValue('see you then');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('ok');
  });

  it('Enter pressed while a message is on its way sends the next one after it, in order', async () => {
    const user = userEvent.setup();
    const { onSend, answer } = heldSend();
    render(<MessageComposer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'ok{Enter}see you then{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(box).toHaveValue('see you then');
    await answer(true);
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(2));
    expect(onSend).toHaveBeenLastCalledWith('see you then');
    expect(box).toHaveValue('');
    await answer(true);
    expect(box).toHaveValue('');
  });

  it('a send that fails puts its words back in the box, before what was typed since, and sends nothing more', async () => {
    const user = userEvent.setup();
    const { onSend, answer } = heldSend();
    render(<MessageComposer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hello{Enter}and more{Enter}');
    await answer(false);
    expect(box).toHaveValue('Hello\nand more');
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('keeps the draft when the send fails', async () => {
    const user = userEvent.setup();
    render(<MessageComposer onSend={vi.fn(async () => false)} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hello{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-disabled'));
    expect(box).toHaveValue('Hello');
  });

  it(`keeps a pasted message longer than ${MAX_CHAT_MESSAGE_CHARS} characters whole, says how much to cut, and sends nothing until it fits`, async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(async () => true);
    render(<MessageComposer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    // Near the limit the box says what is left.
    await user.click(box);
    await user.paste('a'.repeat(MAX_CHAT_MESSAGE_CHARS - 150));
    expect(box).toHaveAccessibleDescription('150 characters left');
    await user.paste('b'.repeat(160));
    expect(box).toHaveValue(`${'a'.repeat(MAX_CHAT_MESSAGE_CHARS - 150)}${'b'.repeat(160)}`);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('10 characters too many: a message can be up to 2,000 characters.');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Backspace>10/}');
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(box).toHaveAccessibleDescription('0 characters left');
    expect(screen.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-disabled');
  });

  it('counts an emoji as one character, as the server does', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(async () => true);
    render(<MessageComposer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.click(box);
    // 1,900 emoji are 3,800 UTF-16 units, and 1,900 characters.
    await user.paste('😀'.repeat(MAX_CHAT_MESSAGE_CHARS - 100));
    expect(box).toHaveAccessibleDescription('100 characters left');
    await user.paste('😀'.repeat(101));
    expect(screen.getByRole('alert')).toHaveTextContent('1 character too many: a message can be up to 2,000 characters.');
    await user.keyboard('{Backspace}{Backspace}');
    expect(box).toHaveAccessibleDescription('0 characters left');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('😀'.repeat(MAX_CHAT_MESSAGE_CHARS));
  });

  it('stays disabled until the rest of the form is ready (a slot request needs a time)', async () => {
    const user = userEvent.setup();
    render(<MessageComposer onSend={vi.fn(async () => true)} ready={false} />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Tomorrow?');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-disabled', 'true');
  });
});
