/** The part of `oidc-provider` (ships no types) the tests' stand-in OpenID Provider uses. */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface InteractionDetails {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
    session?: { accountId?: string };
  }
  interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: never[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: new (props: {
      accountId?: string;
      clientId: string;
    }) => GrantInstance;
  }
}
