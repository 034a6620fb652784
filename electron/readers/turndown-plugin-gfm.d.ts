/** The two GFM plugins of turndown-plugin-gfm the HTML reader uses (the package ships no types). */
declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export const strikethrough: TurndownService.Plugin;
  export const taskListItems: TurndownService.Plugin;
}
