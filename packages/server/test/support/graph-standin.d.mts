export type StandinPage = { id: string; name: string; instagram: { id: string; username: string } | null };
export const STANDIN_PAGES: StandinPage[];
export const STANDIN_WHATSAPP: {
  id: string;
  name: string;
  phoneNumbers: { id: string; display_phone_number: string; verified_name: string }[];
}[];
export const STANDIN_CODE: string;
export type GraphStandin = {
  url: string;
  /** The stand-in's OAuth dialog: grants at once and redirects back with the code. */
  dialogUrl: string;
  subscriptions: Map<string, Set<string>>;
  calls: string[];
  close(): Promise<void>;
};
export function startGraphStandin(port?: number, host?: string): Promise<GraphStandin>;
