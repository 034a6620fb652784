/** A generated large document: numbered paragraphs of plain sentences, about `chars` characters. */
const WORDS = ['harbour', 'whale', 'captain', 'river', 'chapter', 'voyage', 'segment', 'boundary', 'summary', 'topic'];

export function largeParagraphs(chars: number): string {
  const paragraphs: string[] = [];
  let length = 0;
  for (let p = 0; length < chars; p++) {
    const sentences = Array.from({ length: 5 }, (_, s) => `Paragraph ${p} sentence ${s} tells of the ${WORDS[(p + s) % WORDS.length]} and the ${WORDS[(p * 3 + s) % WORDS.length]}.`);
    const paragraph = sentences.join(' ');
    paragraphs.push(paragraph);
    length += paragraph.length + 2;
  }
  return paragraphs.join('\n\n');
}
