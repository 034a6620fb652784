import { describe, expect, it } from 'vitest';
import { assertValidSegmentation, toSegments } from '../document/segmentation';
import { headingLevel } from '../text/heading-level';
import { structural } from './structural';

/** The first line of each structural segment. */
function firstLines(text: string): string[] {
  const { segmentation } = structural.segment(text, {});
  assertValidSegmentation(text, segmentation);
  return toSegments(text, segmentation).map((s) => s.text.split('\n')[0] as string);
}

// Man pages as `man` prints them (section headings at the margin, bodies at 7 columns), written
// for these tests in the shape of Debian's manpages-zh and manpages-ja: short sections, CJK and
// bilingual headings, the colophon sections of the old Chinese translations.
const zh =
  'CAT(1)                           用户命令                           CAT(1)\n\n' +
  '名称\n       cat - 连接文件并在标准输出上打印\n\n' +
  '概述 SYNOPSIS\n       cat [选项]... [文件]...\n\n' +
  '描述\n       把文件连接起来写到标准输出。没有文件或者文件是 - 时读标准输入。\n\n' +
  '       -A, --show-all\n              等于 -vET。\n\n' +
  '       -b, --number-nonblank\n              给非空输出行编号。\n\n' +
  '       -n, --number\n              给所有输出行编号。\n\n' +
  '作者\n       由某人编写。\n\n' +
  '[中文版维护人]\n       某人 <someone@example.org>\n\n' +
  '[中文版最新更新]\n       2003/05/13\n\n' +
  '《中国linux论坛man手册页翻译计划》:\n       http://example.org/man\n';

const ja =
  '名前\n       ls - ディレクトリの内容を一覧表示する\n\n' +
  '書式\n       ls [オプション]... [ファイル]...\n\n' +
  '説明\n       ファイルの情報を一覧表示する。\n\n' +
  '関連項目\n       dir(1)\n';

const bilingual =
  'NAME\n       DROP TABLE - 删除一个表\n\n' +
  'SYNOPSIS\n       DROP TABLE 名字\n\n' +
  'DESCRIPTION 描述\n       DROP TABLE 从数据库中删除一个表。\n\n' +
  'PARAMETERS 参数\n       name\n              要删除的表的名字。\n';

describe('structural on Chinese and Japanese man pages', () => {
  it('starts a segment at every section heading, however short the section (CJK headings read as a man page top level)', () => {
    expect(firstLines(zh)).toEqual(['CAT(1)                           用户命令                           CAT(1)', '名称', '概述 SYNOPSIS', '描述', '作者', '[中文版维护人]', '[中文版最新更新]', '《中国linux论坛man手册页翻译计划》:']);
    expect(firstLines(ja)).toEqual(['名前', '書式', '説明', '関連項目']);
  });

  it('reads a body line in capitals and Han, indented under its heading, as a body: the section stays its own', () => {
    expect(firstLines(bilingual)).toEqual(['NAME', 'SYNOPSIS', 'DESCRIPTION 描述', 'PARAMETERS 参数']);
  });
});

describe('structural on an FAQ man page (pod2man, perlfaq as `man` prints it)', () => {
  it('starts a segment at each question standing alone at the body margin, in any script', () => {
    const faq =
      'NAME\n       perlfaq9 - 网络\n\n' +
      'DESCRIPTION 描述\n       这一节讨论与网络有关的问题，从 CGI 脚本到邮件，还有怎样取得网页。每一个问题下面是它的回答，\n' +
      '       有的回答给出一段代码，有的只说明应该用哪一个模块，以及到哪里去找它的文档。\n\n' +
      '       如何发邮件？\n\n' +
      '       直接使用 sendmail 程序，或者用 CPAN 上的模块。下面的例子打开一个管道，把邮件头和正文写进去，然后关闭它，\n' +
      '       sendmail 会把信送出去。这个办法在大多数 Unix 系统上都能用，也不需要安装别的东西。\n\n' +
      '       How do I read mail?\n\n' +
      '       Use one of the modules from CPAN that read mailbox files: they know the formats of the\n' +
      '       folders better than a short script does, and keep working when a format changes.\n\n' +
      '       This line at the margin is body text\n\n' +
      '       and so is the paragraph under it, which goes on for a while, long enough to be over the\n' +
      '       minimum size of a segment: read as a heading, the line above would start this segment.\n';
    const starts = firstLines(faq);
    expect(starts).toEqual(['NAME', 'DESCRIPTION 描述', '       如何发邮件？', '       How do I read mail?', '       and so is the paragraph under it, which goes on for a while, long enough to be over the']);
  });
});

describe('headingLevel of a line in a script without capitals', () => {
  const level = (text: string) => headingLevel(text, 0, text.indexOf('\n') + 1);

  it('is the top level at the left margin over a body indented deeper, as `man` prints a section heading', () => {
    expect(level('描述\n       把文件连接起来写到标准输出。\n')).toBe(1);
    expect(level('[中文版维护人]\n       某人\n')).toBe(1);
    expect(level('《中国linux论坛man手册页翻译计划》:\n       http://example.org/man\n')).toBe(1);
    expect(level('この文書について\n       この man ページは...\n')).toBe(1);
  });

  it('is a standalone line’s level elsewhere: indented (a subsection), over a body at the margin, or mostly lower-case letters', () => {
    expect(level('   歴史的な経緯\n       ホストテーブルの形式は...\n')).toBeGreaterThan(1);
    expect(level('描述\n把文件连接起来写到标准输出。\n')).toBeGreaterThan(1);
    expect(level('tape\n       a storage medium read in order\n')).toBeGreaterThan(1);
    expect(level('see the 手册\n       more\n')).toBeGreaterThan(1);
  });
});
