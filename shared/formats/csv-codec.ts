/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF; a field holding a comma, a quote,
 * CR or LF is wrapped in quotes with inner quotes doubled. The parser also accepts bare LF record
 * ends, and keeps CR/LF inside quoted fields verbatim.
 */
import { FormatError } from './errors';

function encodeField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function encodeCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(encodeField).join(',') + '\r\n').join('');
}

export function decodeCsv(source: string, content: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let line = 1;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  while (i < content.length) {
    const c = content[i];
    if (c === '"' && field === '') {
      // A quoted field: runs to the next lone quote, which must be followed by a separator or the end.
      const openedAt = line;
      i++;
      for (;;) {
        if (i >= content.length) throw new FormatError(`${source}: quoted field opened on line ${openedAt} is never closed`);
        const q = content[i];
        if (q === '"') {
          if (content[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === '\n') line++;
        field += q;
        i++;
      }
      const next = content[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        throw new FormatError(`${source}: line ${line}: text after a closing quote`);
      }
      continue;
    }
    if (c === ',') {
      endField();
      i++;
    } else if (c === '\r' && content[i + 1] === '\n') {
      endRow();
      i += 2;
      line++;
    } else if (c === '\n') {
      endRow();
      i++;
      line++;
    } else if (c === '"') {
      throw new FormatError(`${source}: line ${line}: a quote inside an unquoted field`);
    } else {
      field += c;
      i++;
    }
  }
  // The last record may or may not end with a line break.
  if (field !== '' || row.length > 0 || (content.length > 0 && !content.endsWith('\n'))) endRow();
  return rows;
}
