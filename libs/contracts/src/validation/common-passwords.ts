/**
 * Passwords that pass SPEC §5's rule (8–16 characters, two of digits/letters/symbols) but sit at
 * the top of leaked-password lists: identity refuses them (PASSWORD_TOO_COMMON, issue #16).
 * Compared ignoring case. A short list on purpose: it stops the guesses tried first.
 */
const COMMON = `
password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword p@ssword1 pa$$w0rd pa$$word
qwerty12 qwerty123 qwerty1234 qwertyui1 qwer1234 1qaz2wsx 2wsx3edc 1q2w3e4r 1q2w3e4r5t q1w2e3r4 zaq12wsx
abc12345 abcd1234 abcde12345 abc123456 a1234567 a12345678 aa123456 aa12345678 a1b2c3d4 1a2b3c4d
12345678a 123456789a 1234567890a 123456abc 123qweasd qweasd123 asdf1234 asd12345 zxcv1234 zxcvbnm1
iloveyou1 iloveyou2 welcome1 welcome123 letmein1 letmein123 monkey123 dragon123 sunshine1 princess1
football1 baseball1 superman1 batman123 trustno1 master123 shadow123 michael1 jennifer1 charlie1
admin123 admin1234 admin12345 administrator1 root1234 test1234 test12345 testing123 user1234 guest123
changeme1 changeme123 secret123 default1 temp1234 login123 access123 hello123 hello1234 computer1
india123 china123 woaini1314 woaini520 5201314a a5201314 qq123456 wang1234 zhang123 li123456
wind1234 turbine1 turbine123 windward1 windward123 company1 company123 summer2024 winter2024 spring2025
`
  .split(/\s+/)
  .filter(Boolean);

const COMMON_SET: ReadonlySet<string> = new Set(COMMON.map((p) => p.toLowerCase()));

/** True when the password is on the common-password list (ignoring case). */
export function isCommonPassword(password: string): boolean {
  return typeof password === 'string' && COMMON_SET.has(password.toLowerCase());
}
