import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { EventEntity } from '../events/event.entity';
import { parseRecurrence } from '../events/recurrence/recurrence-lines';
import { RecurrenceService } from '../events/recurrence/recurrence.service';

/** Weekly classes and monthly meetups (issue #16): rules given to a few seeded events, alternately. */
const DEMO_RULES = [['RRULE:FREQ=WEEKLY;COUNT=10'], ['RRULE:FREQ=MONTHLY;COUNT=6']] as const;
const DEMO_SERIES = 6;

/**
 * Makes the first published, listed, parentless seeded events from `fromId` on that start after
 * `after` into series, through the same code as the API (occurrences, links and term counts).
 */
export async function seedDemoSeries(dataSource: DataSource, fromId: number, after: Date, horizonDays = 730): Promise<number> {
  const recurrence = new RecurrenceService(dataSource, { recurrenceHorizonDays: horizonDays } as AppConfig);
  const firsts = await dataSource
    .getRepository(EventEntity)
    .createQueryBuilder('e')
    .where('e.id >= :fromId AND e.status = :status AND e.hideFromListings = :hidden AND e.postParent = 0 AND e.startUtc > :after', {
      fromId,
      status: 'publish',
      hidden: false,
      after,
    })
    .orderBy('e.id', 'ASC')
    .limit(DEMO_SERIES)
    .getMany();
  for (const [index, event] of firsts.entries()) {
    const parsed = parseRecurrence([...DEMO_RULES[index % DEMO_RULES.length]]);
    if (!parsed.ok) throw new RangeError('A demo rule did not parse');
    await dataSource.transaction((manager) => recurrence.setRule(manager, event, parsed.value));
  }
  return firsts.length;
}
