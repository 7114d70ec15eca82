import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  AppError,
  EXCEED_LIMIT_TEXTS,
  HTTP_TEXTS,
  NAMED_ERRORS,
  NAMED_ERROR_KEYS,
  NUMERIC_ERRORS,
  NUMERIC_ERROR_CODES,
  errorServerMessage,
  errorStatus,
  errorText,
  findNamedErrorKey,
  httpText,
  interpolate,
  isAppError,
  isDefectSearchPath,
  isErrorCode,
  isNamedErrorKey,
  isNumericErrorCode,
  isReportTasksPath,
  lookupMessage,
} from './index.js';

const CJK = /[\u4e00-\u9fff]/;

describe('numeric catalogue', () => {
  test('covers every code of the spec', () => {
    const expected: number[] = [-2003, -2004];
    for (let c = -6000; c >= -6009; c--) expected.push(c);
    expected.push(-7007, -7008, -8001, -8002);
    for (let c = -13001; c >= -13010; c--) expected.push(c);
    expected.push(-13012, -13013);
    for (let c = -10001; c >= -10042; c--) if (![-10026, -10029, -10032].includes(c)) expected.push(c);
    for (let c = -11001; c >= -11005; c--) expected.push(c);
    for (let c = -12001; c >= -12009; c--) expected.push(c);
    expected.push(-120010, -120011, -120012);
    for (let c = -20001; c >= -20008; c--) expected.push(c);
    assert.deepEqual([...NUMERIC_ERROR_CODES].sort(), expected.sort());
    assert.deepEqual(Object.keys(NUMERIC_ERRORS).map(Number).sort(), expected.sort());
  });
  test('codes the spec skips are not invented', () => {
    for (const c of [-10026, -10029, -10032, -13011, -12010]) assert.equal(isNumericErrorCode(c), false);
  });
  test('every entry: full sentences in both languages and a 4xx status', () => {
    for (const code of NUMERIC_ERROR_CODES) {
      const e = NUMERIC_ERRORS[code];
      assert.match(e.en_us, /^[A-Z].*[.!]$/, `en ${code}`);
      assert.match(e.zh_cn, CJK, `zh ${code}`);
      assert.ok([400, 404, 409].includes(e.status), `status ${code}`);
    }
  });
  test('statuses follow the rule', () => {
    assert.equal(errorStatus(-6000), 400);
    assert.equal(errorStatus(-13003), 404);
    assert.equal(errorStatus(-6008), 409);
    assert.equal(errorStatus(-2004), 409);
  });
});

describe('named catalogue', () => {
  test('required keys exist', () => {
    for (const k of [
      'EMAIL_EXISTS',
      'USERNAME_EXISTS',
      'WRONG_USERNAME_OR_PASSWORD',
      'ACCOUNT_EXPIRED',
      'ACCESS_DENIED',
      'NO_ACCESS_RIGHTS',
      'LAST_INSPECTION_TIME_NOT_EXIST',
      'TURBINE_SERIAL_EXISTS',
      'TURBINE_LIMIT_EXCEEDED',
      'EXCEED_LIMIT',
      'EDIT_CONFLICT',
      'INVALID_USERNAME',
      'INVALID_PASSWORD',
      'INVALID_OLD_PASSWORD',
      'INVALID_NEW_PASSWORD',
      'SAME_NEW_PASSWORD',
      'USER_NOT_FOUND',
      'NOT_FOUND',
      'VALIDATION_FAILED',
      'UNAUTHORIZED',
      'INTERNAL_ERROR',
      'ILLEGAL_TRANSITION',
      'TOKEN_REVOKED',
      'ACCESS_CHANGED',
      'PASSWORD_RULE',
      'USERNAME_RULE',
      'SPECIAL_CHARACTERS_NOT_ALLOWED',
      'TEXT_TOO_LONG',
      'MIN_GREATER_THAN_MAX',
      'FILE_TOO_LARGE',
      'FILE_TYPE_NOT_ALLOWED',
      'ARCHIVE_UNSAFE_PATH',
      'ARCHIVE_TOO_LARGE',
      'MALFORMED_SPREADSHEET',
    ])
      assert.ok(isNamedErrorKey(k), k);
    assert.equal(isNamedErrorKey('NOPE'), false);
    assert.equal(isNamedErrorKey('toString'), false);
  });
  test('keys are UPPER_SNAKE, texts complete, statuses sane', () => {
    for (const k of NAMED_ERROR_KEYS) {
      const e = NAMED_ERRORS[k];
      assert.match(k, /^[A-Z][A-Z0-9_]*$/);
      assert.ok(e.message.trim().length > 0, `message ${k}`);
      assert.match(e.en_us, /[.!]$/, `en ${k}`);
      assert.match(e.zh_cn, CJK, `zh ${k}`);
      assert.ok([400, 401, 403, 404, 409, 413, 429, 500].includes(e.status), `status ${k}`);
    }
  });
  test('no two entries share a text (lookup would be ambiguous)', () => {
    const norm = (s: string) =>
      s
        .trim()
        .replace(/[.。!！]+$/u, '')
        .toLowerCase();
    const seen = new Map<string, string>();
    for (const k of NAMED_ERROR_KEYS) {
      const e = NAMED_ERRORS[k];
      for (const t of new Set([norm(e.message), norm(e.en_us), norm(e.zh_cn)])) {
        assert.ok(!seen.has(t) || seen.get(t) === k, `"${t}" used by ${seen.get(t)} and ${k}`);
        seen.set(t, k);
      }
    }
  });
  test('canonical server texts as the spec words them', () => {
    assert.equal(NAMED_ERRORS.LAST_INSPECTION_TIME_NOT_EXIST.message, 'Last Inspection Time Does Not Exist');
    assert.equal(NAMED_ERRORS.EMAIL_EXISTS.message, 'Email address already exists');
    assert.equal(NAMED_ERRORS.CUSTOMER_NAME_EXISTS.message, 'Same Name Customer Exist');
    assert.equal(NAMED_ERRORS.ACTIVE_TASK_EXISTS_IN_WIND_PARK.message, 'Active Task Exist in Same Wind Park');
  });
  test('http texts', () => {
    assert.equal(HTTP_TEXTS.REQUEST_TIMEOUT.en_us, 'System interface request timeout, please retry. Error code 408.');
    assert.equal(HTTP_TEXTS.NETWORK_FAILURE.en_us, 'Bad request. Please try again later.');
    assert.equal(HTTP_TEXTS.NO_ACCESS_TITLE.en_us, 'Tip');
    assert.equal(HTTP_TEXTS.NO_ACCESS_DESCRIPTION.en_us, 'No access rights');
    assert.equal(HTTP_TEXTS.ACCESS_DENY.en_us, 'Access deny');
    assert.equal(httpText('FALLBACK', 'en_us', { message: 'x' }), 'Bad request(x). Please try again later.');
    for (const v of Object.values(HTTP_TEXTS)) assert.match(v.zh_cn, CJK);
  });
});

describe('errorText / errorStatus / interpolate', () => {
  test('texts per locale', () => {
    assert.equal(errorText(-2004, 'en_us'), NUMERIC_ERRORS[-2004].en_us);
    assert.equal(errorText(-2004, 'zh_cn'), NUMERIC_ERRORS[-2004].zh_cn);
    assert.equal(errorText('EMAIL_EXISTS', 'zh_cn'), '邮箱地址已存在。');
    assert.equal(errorText('EMAIL_EXISTS'), 'The email address already exists.');
  });
  test('params fill placeholders, missing ones stay', () => {
    assert.equal(
      errorText('TEXT_TOO_LONG', 'en_us', { max: 50 }),
      'The text cannot be longer than 50 characters (a Chinese character counts as two).',
    );
    assert.match(errorText('FILE_TOO_LARGE', 'zh_cn', { maxMb: 10 }), /10MB/);
    assert.equal(interpolate('a {x} b {y}', { x: 1 }), 'a 1 b {y}');
    assert.equal(interpolate('{x}{x}', { x: 'z' }), 'zz');
  });
  test('status and server message', () => {
    assert.equal(errorStatus('USERNAME_EXISTS'), 409);
    assert.equal(errorStatus('USER_NOT_FOUND'), 404);
    assert.equal(errorStatus('UNAUTHORIZED'), 401);
    assert.equal(errorServerMessage('EMAIL_EXISTS'), 'Email address already exists');
    assert.equal(errorServerMessage(-6000), NUMERIC_ERRORS[-6000].en_us);
  });
  test('isErrorCode', () => {
    assert.equal(isErrorCode(-2003), true);
    assert.equal(isErrorCode('EDIT_CONFLICT'), true);
    assert.equal(isErrorCode(-1), false);
    assert.equal(isErrorCode('-2003'), false);
  });
});

describe('AppError', () => {
  test('defaults from the catalogue', () => {
    const e = new AppError('USERNAME_EXISTS');
    assert.ok(e instanceof Error);
    assert.ok(isAppError(e));
    assert.equal(e.name, 'AppError');
    assert.equal(e.code, 'USERNAME_EXISTS');
    assert.equal(e.status, 409);
    assert.equal(e.message, 'Username already exists');
    assert.equal(e.params, undefined);
    assert.equal(e.details, undefined);
  });
  test('options override and carry data', () => {
    const cause = new Error('db');
    const e = new AppError('TEXT_TOO_LONG', { params: { max: 10 }, details: { field: 'name' }, status: 422, cause });
    assert.equal(e.status, 422);
    assert.deepEqual(e.params, { max: 10 });
    assert.deepEqual(e.details, { field: 'name' });
    assert.equal(e.cause, cause);
    assert.equal(e.message, 'The text exceeds the maximum length of 10 characters');
    assert.equal(e.text('zh_cn'), '文本长度不能超过10个字符（一个汉字计为两个字符）。');
  });
  test('body in the request locale, round-trips through lookupMessage', () => {
    const e = new AppError(-6004);
    const body = e.toBody('zh_cn');
    assert.deepEqual(body, { code: -6004, message: '已开始的项目不能删除。' });
    assert.equal(lookupMessage(body, 'en_us'), 'A project that has started cannot be deleted.');
    const named = new AppError('FILE_TOO_LARGE', { params: { maxMb: 20 } }).toBody('en_us');
    assert.equal(lookupMessage(named, 'zh_cn'), '文件大小不能超过20MB。');
  });
  test('plain errors are not AppErrors', () => {
    assert.equal(isAppError(new Error('x')), false);
  });
});

describe('lookupMessage (SPEC §8)', () => {
  test('numeric code first, also as a numeric string', () => {
    assert.equal(lookupMessage({ code: -2003, message: 'Email address already exists' }, 'en_us'), NUMERIC_ERRORS[-2003].en_us);
    assert.equal(lookupMessage({ code: '-120011' }, 'zh_cn'), 'Excel文件为空。');
  });
  test('unknown numeric code falls through to the message', () => {
    assert.equal(lookupMessage({ code: -99, message: 'Email address already exists' }, 'zh_cn'), '邮箱地址已存在。');
  });
  test('message matched by canonical text, either language, or key', () => {
    assert.equal(lookupMessage({ message: 'Last Inspection Time Does Not Exist' }, 'zh_cn'), '最近巡检时间不存在。');
    assert.equal(lookupMessage({ message: 'last inspection time does not exist.' }, 'en_us'), 'The last inspection time does not exist.');
    assert.equal(lookupMessage({ message: '邮箱地址已存在。' }, 'en_us'), 'The email address already exists.');
    assert.equal(lookupMessage({ message: 'EmailExists' }, 'en_us'), 'The email address already exists.');
  });
  test('data itself as the message when it is a string', () => {
    assert.equal(lookupMessage('Username already exists', 'zh_cn'), '用户名已存在。');
    assert.equal(lookupMessage('something odd', 'en_us'), 'Bad request(something odd). Please try again later.');
  });
  test('named key in data.code', () => {
    assert.equal(
      lookupMessage({ code: 'TURBINE_SERIAL_EXISTS', message: 'whatever' }, 'en_us'),
      'The turbine serial number already exists.',
    );
  });
  test('params from the body; unresolved placeholders fall back to the server text', () => {
    assert.equal(lookupMessage({ code: 'TEXT_TOO_LONG', params: { max: 5 } }, 'en_us'), errorText('TEXT_TOO_LONG', 'en_us', { max: 5 }));
    assert.equal(lookupMessage({ code: 'TEXT_TOO_LONG', message: '文本过长' }, 'zh_cn'), '文本过长');
  });
  test('title when nothing matches, then the fallback', () => {
    assert.equal(lookupMessage({ message: 'nope', title: 'Server says no' }, 'en_us'), 'Server says no');
    assert.equal(lookupMessage({ message: 'nope' }, 'en_us'), 'Bad request(nope). Please try again later.');
    assert.equal(lookupMessage({ message: 'nope' }, 'zh_cn'), '请求失败（nope），请稍后再试。');
    assert.equal(lookupMessage(null, 'en_us'), 'Bad request(). Please try again later.');
    assert.equal(lookupMessage({ title: '   ' }, 'en_us'), 'Bad request(). Please try again later.');
  });
  test('ExceedLimit depends on the path', () => {
    const body = { message: 'ExceedLimit' };
    assert.equal(lookupMessage(body, 'en_us', '/context/api/v1/defects/search'), EXCEED_LIMIT_TEXTS.defectSearch.en_us);
    assert.equal(lookupMessage(body, 'zh_cn', '/context/api/v2/projects/3/defect/search?page=1'), EXCEED_LIMIT_TEXTS.defectSearch.zh_cn);
    assert.equal(
      lookupMessage({ code: 'EXCEED_LIMIT' }, 'en_us', '/report/api/v1/projects/42/report-tasks'),
      EXCEED_LIMIT_TEXTS.reportTasks.en_us,
    );
    assert.equal(
      lookupMessage(body, 'en_us', 'https://x.example.com/report/api/v1/projects/abc/report-tasks?x=1'),
      EXCEED_LIMIT_TEXTS.reportTasks.en_us,
    );
    assert.equal(
      lookupMessage({ code: 'EXCEED_LIMIT' }, 'zh_cn', '/report/api/v1/repair-campaigns/9/report-tasks'),
      EXCEED_LIMIT_TEXTS.reportTasks.zh_cn,
    );
    assert.equal(lookupMessage(body, 'en_us', '/gw/asset/api/v2/farm/inspectedFarms'), NAMED_ERRORS.EXCEED_LIMIT.en_us);
    assert.equal(lookupMessage(body, 'en_us'), NAMED_ERRORS.EXCEED_LIMIT.en_us);
  });
  test('path predicates', () => {
    assert.equal(isDefectSearchPath('/context/api/v2/defectSearch'), true);
    assert.equal(isDefectSearchPath('/context/api/v3/defects/search'), false);
    assert.equal(isDefectSearchPath('/context/api/v1/defects'), false);
    assert.equal(isDefectSearchPath('/context/api/v1/defects?q=search'), false);
    assert.equal(isDefectSearchPath('/gw/inspection/api/v2/defects/search'), false);
    assert.equal(isReportTasksPath('/report/api/v1/projects/1/report-tasks/'), true);
    assert.equal(isReportTasksPath('/report/api/v1/projects/1/report-tasks/9'), false);
    assert.equal(isReportTasksPath('/report/api/v2/projects/1/report-tasks'), false);
    assert.equal(isReportTasksPath(undefined), false);
  });
  test('findNamedErrorKey', () => {
    assert.equal(findNamedErrorKey('Access denied'), 'ACCESS_DENIED');
    assert.equal(findNamedErrorKey('access-denied'), 'ACCESS_DENIED');
    assert.equal(findNamedErrorKey(''), undefined);
    assert.equal(findNamedErrorKey('totally unknown'), undefined);
  });
});
