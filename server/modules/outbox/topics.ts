import { GROUP_MESSAGE_TOPIC } from '../message/message.commands.ts';
import { createGroupMessageHandler, type GroupMessageDeps } from '../message/message.dispatch.ts';
import { deliverNotice, NOTICE_TOPIC } from '../notification/notification.commands.ts';
import type { OutboxHandler } from './dispatcher.ts';

/** Topics delivered inside the process; every other topic goes to the MessageProvider. */
export const outboxHandlers: Record<string, OutboxHandler> = {
  [NOTICE_TOPIC]: deliverNotice,
};

/**
 * The handlers with the group messages' (docs/rules.md#messaging): topic `group-message` is one recipient of a
 * send, delivered through the GroupMessageProvider in the dispatcher's transaction (message.dispatch.ts).
 */
export const outboxHandlersWith = (group: GroupMessageDeps): Record<string, OutboxHandler> => ({
  ...outboxHandlers,
  [GROUP_MESSAGE_TOPIC]: createGroupMessageHandler(group),
});
