// axe on part 2 of 2 of the public routes (see axe-check.ts).
import { describeAxeCheck } from './axe-check';

describeAxeCheck(2, 2);
