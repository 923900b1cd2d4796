export * from './audit-log.ts';
export * from './file.ts';
export * from './gym.ts';
export * from './member.ts';
export * from './notification.ts';
export * from './outbox.ts';
export * from './session.ts';
