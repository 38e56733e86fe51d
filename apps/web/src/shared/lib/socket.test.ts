import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastFakeSocket } from '../../test/fake-socket';
import { setUnauthenticatedHandler } from './http';
import { whileLoggingOut } from './session';
import { acquireSocket, releaseSocket } from './socket';
import { removeItem, setItem } from './storage';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

beforeEach(() => setItem('TOKEN', 'learner-handle'));
afterEach(() => {
  removeItem('TOKEN');
  releaseSocket('learner');
  setUnauthenticatedHandler(null);
});

describe('the shared socket when the server ends the sign-in', () => {
  it('signs the role out, as a 401 does, when the server closes the socket (signed out in another tab or device)', () => {
    const signedOut = vi.fn();
    setUnauthenticatedHandler(signedOut);
    acquireSocket('learner');
    const socket = lastFakeSocket('learner');
    socket.serverEmit('disconnect', 'transport close');
    expect(signedOut).not.toHaveBeenCalled();
    socket.serverEmit('disconnect', 'io server disconnect');
    expect(signedOut).toHaveBeenCalledWith('learner');
  });

  it('signs the role out when a reconnect is refused as unauthenticated, not when the first connect is', () => {
    const signedOut = vi.fn();
    setUnauthenticatedHandler(signedOut);
    acquireSocket('learner');
    const socket = lastFakeSocket('learner');
    socket.serverEmit('connect_error', new Error('UNAUTHENTICATED'));
    expect(signedOut).not.toHaveBeenCalled();
    socket.serverEmit('connect');
    socket.serverEmit('connect_error', new Error('websocket error'));
    expect(signedOut).not.toHaveBeenCalled();
    socket.serverEmit('connect_error', new Error('UNAUTHENTICATED'));
    expect(signedOut).toHaveBeenCalledWith('learner');
  });

  it('is no news while this tab logs out, nor once its keys are gone', async () => {
    const signedOut = vi.fn();
    setUnauthenticatedHandler(signedOut);
    acquireSocket('learner');
    const socket = lastFakeSocket('learner');
    await whileLoggingOut(async () => socket.serverEmit('disconnect', 'io server disconnect'));
    removeItem('TOKEN');
    socket.serverEmit('disconnect', 'io server disconnect');
    expect(signedOut).not.toHaveBeenCalled();
  });
});
