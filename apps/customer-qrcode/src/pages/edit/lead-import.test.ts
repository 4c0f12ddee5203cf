import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LEAD_BATCH_MAX } from '@scrm/contracts/lead';
import {
  cellText,
  decodeText,
  draftProblems,
  leadListProblem,
  mergeImported,
  newDraft,
  parseCsv,
  parsePasted,
  problemField,
  readLeadFile,
  rowsToLeads,
  templateCsv,
} from './lead-import';

/** A minimal .xlsx (one sheet, inline strings and numbers) as Excel would store it. */
function xlsx(rows: Array<Array<string | number>>): Uint8Array {
  const col = (i: number) => String.fromCharCode(65 + i);
  const cells = rows
    .map(
      (r, ri) =>
        `<row r="${ri + 1}">${r
          .map((v, ci) =>
            typeof v === 'number'
              ? `<c r="${col(ci)}${ri + 1}"><v>${v}</v></c>`
              : `<c r="${col(ci)}${ri + 1}" t="inlineStr"><is><t>${v}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="客户" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${cells}</sheetData></worksheet>`,
    ),
  });
}

const fileOf = (bytes: Uint8Array | string, name: string) => new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name);

describe('reading leads', () => {
  it('parses CSV with quotes, doubled quotes, CRLF, line breaks in cells and a BOM', () => {
    expect(parseCsv('\uFEFF姓名,手机号,备注\r\n"张,三",138,"说""明"""\r\n李四,,"两\n行"\n')).toEqual([
      ['姓名', '手机号', '备注'],
      ['张,三', '138', '说"明"'],
      ['李四', '', '两\n行'],
    ]);
    expect(parseCsv('a,b')).toEqual([['a', 'b']]);
  });

  it('decodes UTF-8 and the GB18030 that Chinese Excel saves CSV in', () => {
    expect(decodeText(new TextEncoder().encode('张三,备注'))).toBe('张三,备注');
    // 「张三」 in GBK.
    expect(decodeText(new Uint8Array([0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0x31]))).toBe('张三,1');
  });

  it('turns cells into text without exponents or stray spaces', () => {
    expect(cellText(13800138000)).toBe('13800138000');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(null)).toBe('');
    expect(cellText('  张  三 ')).toBe('张 三');
    expect(cellText(new Date('2026-01-02T00:00:00Z'))).toBe('2026-01-02');
  });

  it('finds the columns by their headers in any order, and reports each row', () => {
    const r = rowsToLeads([
      ['备注', '手机号码', '*客户姓名'],
      ['抖音', 13800000001, '张三'],
      [null, null, null],
      ['', 'abc', '李四'],
      ['无名', '', ''],
      ['', '', '张三'],
    ]);
    expect(r.header).toBe(true);
    expect(r.error).toBeUndefined();
    expect(r.rows).toEqual([
      { line: 2, name: '张三', phone: '13800000001', remark: '抖音', problem: null },
      { line: 4, name: '李四', phone: 'abc', remark: '', problem: '手机号格式不正确' },
      { line: 5, name: '', phone: '', remark: '无名', problem: '姓名不能为空' },
      { line: 6, name: '张三', phone: '', remark: '', problem: null },
    ]);
  });

  it('reads 姓名, 手机号, 备注 in order when there is no header, and names what is wrong with a file', () => {
    expect(rowsToLeads([['王五', '021-12345678', 'x'.repeat(101)]]).rows[0]).toMatchObject({ name: '王五', phone: '021-12345678', problem: '备注最多 100 个字' });
    expect(rowsToLeads([['手机号', '备注'], ['138', 'x']]).error).toBe('未找到「姓名」列，请确认表头包含「姓名」');
    expect(rowsToLeads([[null], ['', '']]).error).toBe('文件中没有客户数据');
    expect(rowsToLeads([['姓名（必填）', '手机号（选填）']]).error).toBe('文件中没有客户数据');
    expect(rowsToLeads([['名'.repeat(31)]]).rows[0]!.problem).toBe('姓名最多 30 个字');
  });

  it('reads pasted lines split by tabs, commas or before a phone number', () => {
    const r = parsePasted('姓名\t手机号\t备注\n张三\t13800000000\t抖音线索\n李四，13900000000，官网\n王 五 13700000000 展会 名单\n赵六\n\n');
    expect(r.header).toBe(true);
    expect(r.rows.map((x) => [x.name, x.phone, x.remark, x.problem])).toEqual([
      ['张三', '13800000000', '抖音线索', null],
      ['李四', '13900000000', '官网', null],
      ['王 五', '13700000000', '展会 名单', null],
      ['赵六', '', '', null],
    ]);
    expect(r.rows.map((x) => x.line)).toEqual([2, 3, 4, 5]);
  });

  it('reads a CSV file (UTF-8 with BOM, or GB18030) and a real .xlsx workbook', async () => {
    const csv = await readLeadFile(fileOf(`\uFEFF${'姓名,手机号,备注\r\n张三,13800000000,抖音\r\n'}`, '名单.CSV'));
    expect(csv.rows).toEqual([{ line: 2, name: '张三', phone: '13800000000', remark: '抖音', problem: null }]);
    const gbk = await readLeadFile(fileOf(new Uint8Array([0xd5, 0xc5, 0xc8, 0xfd, ...new TextEncoder().encode(',13800000000')]), 'gbk.csv'));
    expect(gbk.rows[0]).toMatchObject({ name: '张三', phone: '13800000000' });
    const book = await readLeadFile(fileOf(xlsx([['姓名', '手机号', '备注'], ['张三', 13800000000, '抖音'], ['', 'bad', ''], ['李四', '', '官网']]), '名单.xlsx'));
    expect(book.error).toBeUndefined();
    expect(book.rows).toEqual([
      { line: 2, name: '张三', phone: '13800000000', remark: '抖音', problem: null },
      { line: 3, name: '', phone: 'bad', remark: '', problem: '姓名不能为空' },
      { line: 4, name: '李四', phone: '', remark: '官网', problem: null },
    ]);
  });

  it('refuses files it cannot read, with the reason', async () => {
    expect((await readLeadFile(fileOf('x', 'old.xls'))).error).toBe('暂不支持旧版 .xls 文件，请在 Excel 中另存为 .xlsx 后导入');
    expect((await readLeadFile(fileOf('x', 'a.pdf'))).error).toBe('请选择 .xlsx 或 .csv 文件');
    expect((await readLeadFile(fileOf('not a zip', 'broken.xlsx'))).error).toBe('无法读取此文件，请确认是 Excel（.xlsx）或 CSV 文件');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.csv');
    expect((await readLeadFile(big)).error).toBe('文件不能超过 5 MB');
  });

  it('offers a template that it reads back', () => {
    const r = rowsToLeads(parseCsv(templateCsv()));
    expect(r.header).toBe(true);
    expect(r.rows.map((x) => x.name)).toEqual(['张三', '李四']);
    expect(templateCsv().startsWith('\uFEFF姓名,手机号,备注')).toBe(true);
  });
});

describe('the lead editor rules', () => {
  it('flags each bad row and ignores untouched empty ones', () => {
    const rows = [newDraft({ name: '张三' }), newDraft(), newDraft({ phone: '138' }), newDraft({ name: '李四', phone: '电话' })];
    const p = draftProblems(rows);
    expect([...p.values()]).toEqual(['姓名不能为空', '手机号格式不正确']);
    expect(p.has(rows[1]!.key)).toBe(false);
    expect(problemField('手机号格式不正确')).toBe('phone');
    expect(problemField('备注最多 100 个字')).toBe('remark');
    expect(problemField('姓名不能为空')).toBe('name');
  });

  it('needs at least one lead for a new batch, no bad rows, and at most 1,000 in all', () => {
    expect(leadListProblem([newDraft()], { required: true })).toBe('请至少添加一位客户');
    expect(leadListProblem([newDraft()], { required: false })).toBeNull();
    expect(leadListProblem([newDraft({ name: '张三' }), newDraft({ name: ' ', remark: 'x' })], { required: true })).toBe('客户名单中有 1 行有误，请修改后再提交');
    expect(leadListProblem([newDraft({ name: '张三' }), newDraft({ name: '张三' })], { required: true })).toBeNull();
    const many = Array.from({ length: 3 }, (_, i) => newDraft({ name: `客户${i}` }));
    expect(leadListProblem(many, { required: false, existing: LEAD_BATCH_MAX - 2 })).toBe('每批最多 1000 位客户');
    expect(leadListProblem(many, { required: false, existing: LEAD_BATCH_MAX - 3 })).toBeNull();
  });

  it('adds the good imported rows after the typed ones, up to the room left', () => {
    const typed = [newDraft({ name: '张三' }), newDraft()];
    const rows = [
      { line: 2, name: '李四', phone: '', remark: '', problem: null },
      { line: 3, name: '', phone: 'x', remark: '', problem: '姓名不能为空' },
      { line: 4, name: '王五', phone: '', remark: '', problem: null },
      { line: 5, name: '赵六', phone: '', remark: '', problem: null },
    ];
    const all = mergeImported(typed, rows, 10);
    expect(all.added).toBe(3);
    expect(all.drafts.map((d) => d.name)).toEqual(['张三', '李四', '王五', '赵六']);
    const some = mergeImported(typed, rows, 2);
    expect(some.drafts.map((d) => d.name)).toEqual(['张三', '李四']);
    expect(new Set(all.drafts.map((d) => d.key)).size).toBe(4);
  });
});
