import { z } from 'zod';
import { userRecordSchema, type UserRecord } from '@parley/domain/user';
import { http } from '../../../shared/lib/http';

// GET /api/auth/me?role=kid (x-parley-as: kid) → { user }: the active kid's fresh record.
const meResponse = z.object({ user: userRecordSchema });

export function getKidProfile(): Promise<UserRecord> {
  return http.get('/api/auth/me', { query: { role: 'kid' }, role: 'kid', actAs: 'kid', parse: (data) => meResponse.parse(data).user });
}
