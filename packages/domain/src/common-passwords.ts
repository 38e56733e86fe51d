// Passwords of eight or more characters that head every published list of leaked passwords:
// the first ones an attacker tries. A new password may not be one of them (compared lowercased).
const COMMON = [
  'password', 'password1', 'password12', 'password123', 'password!', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  '12345678', '123456789', '1234567890', '0123456789', '87654321', '12341234', '11223344', '12121212',
  '123123123', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'qwertyui', 'qwertyuiop', 'qwerty123', 'qwerty12',
  'asdfghjk', 'asdfghjkl', 'zxcvbnm1', 'abcd1234', 'abc12345', 'abcdefgh', 'iloveyou', 'iloveyou1',
  'sunshine', 'princess', 'football', 'baseball', 'basketball', 'superman', 'starwars', 'whatever',
  'welcome1', 'welcome123', 'letmein1', 'trustno1', 'admin123', 'administrator', 'computer', 'internet',
  'michael1', 'jennifer', 'charlie1', 'dragon12', 'monkey12', 'master12', 'shadow12', 'changeme',
  'qwerty1234', 'asdf1234', 'zaq12wsx', 'q1w2e3r4', 'a1b2c3d4', 'aa123456', 'india123', 'parley123',
];
const commonPasswords = new Set(COMMON);

/** True for a password from the leaked lists, or one character repeated (aaaaaaaa, 11111111). */
export function isEasilyGuessed(password: string): boolean {
  const lower = password.toLowerCase();
  return commonPasswords.has(lower) || new Set(lower).size === 1;
}
