// The page sweep, part 1 of 2 of the public routes (see page-sweep.ts).
import { describePageSweep } from './page-sweep';

describePageSweep(1, 2);
