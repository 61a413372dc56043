package org.hhfr.transports.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.PathFrame;
import org.junit.jupiter.api.Test;

class PathValidationTest {
    private static final long TIMEOUT = 1_500;
    private static final int CHALLENGE_SIZE = 34;

    private final PathValidation<String> path = new PathValidation<>("old", new Random(7), TIMEOUT, CHALLENGE_SIZE);

    @Test
    void aMatchingResponseMovesTheStreamToTheNewAddressOnlyThen() {
        path.received("new", 100, true, 0);

        assertEquals("old", path.peer(), "the stream stays at the validated address meanwhile");
        assertEquals("new", path.candidate());
        PathFrame challenge = path.challenge(0);
        assertEquals(FrameType.PATH_CHALLENGE, challenge.type());
        assertEquals("old", path.peer());

        assertTrue(path.responded(challenge.answer(), 10));
        assertEquals("new", path.peer());
        assertNull(path.candidate());
        assertEquals(PathValidation.NO_DEADLINE, path.nextDeadline());
    }

    @Test
    void aTokenFromTheFirstAddressValidatesItWithoutAChallenge() {
        PathValidation<String> first = new PathValidation<>("phone", new Random(7), TIMEOUT, CHALLENGE_SIZE);
        first.received("phone", 50, true, 0);
        assertFalse(first.admits(1_200));

        assertTrue(first.provenByToken("phone"));
        assertTrue(first.isPeerValidated());
        assertTrue(first.admits(1_200));
        first.validatePeer(0);
        assertNull(first.challenge(0), "a validated peer is not challenged");
    }

    @Test
    void exemptBytesGoToTheUnvalidatedPeerBeyondItsBudget() {
        PathValidation<String> first = new PathValidation<>("phone", new Random(7), TIMEOUT, CHALLENGE_SIZE);
        first.received("phone", 50, true, 0);
        assertTrue(first.admits(150 - CHALLENGE_SIZE));
        assertFalse(first.admits(160 - CHALLENGE_SIZE));

        first.exempt(10);
        assertTrue(first.admits(160 - CHALLENGE_SIZE));
        assertFalse(first.admits(161 - CHALLENGE_SIZE));
    }

    @Test
    void aTokenFromAnotherAddressValidatesNothing() {
        PathValidation<String> first = new PathValidation<>("phone", new Random(7), TIMEOUT, CHALLENGE_SIZE);
        first.received("phone", 50, true, 0);

        assertFalse(first.provenByToken("elsewhere"));
        assertFalse(first.isPeerValidated());
        assertFalse(first.admits(1_200));
    }

    @Test
    void aTokenDuringTheFirstAddresssChallengeEndsIt() {
        PathValidation<String> first = new PathValidation<>("phone", new Random(7), TIMEOUT, CHALLENGE_SIZE);
        first.received("phone", 50, true, 0);
        first.validatePeer(0);
        assertEquals("phone", first.candidate());

        assertTrue(first.provenByToken("phone"));
        assertNull(first.candidate());
        assertEquals(PathValidation.NO_DEADLINE, first.nextDeadline());
    }

    @Test
    void aResponseWithOtherDataIsIgnored() {
        path.received("new", 100, true, 0);
        PathFrame challenge = path.challenge(0);

        assertFalse(path.responded(PathFrame.response(challenge.data() ^ 1), 10));
        assertFalse(path.responded(challenge, 10), "a challenge echoed back is no response");
        assertEquals("old", path.peer());
        assertEquals("new", path.candidate(), "the validation goes on");
        assertTrue(path.responded(challenge.answer(), 20));
    }

    @Test
    void aValidationThatTimesOutKeepsTheOldAddress() {
        path.received("new", 100, true, 0);
        PathFrame challenge = path.challenge(0);

        assertFalse(path.tick(TIMEOUT - 1));
        assertTrue(path.tick(TIMEOUT));
        assertNull(path.candidate());
        assertFalse(path.responded(challenge.answer(), TIMEOUT + 1), "too late");
        assertEquals("old", path.peer());
    }

    @Test
    void aLateResponseIsRefusedAlsoWithoutATick() {
        path.received("new", 100, true, 0);
        PathFrame challenge = path.challenge(0);

        assertFalse(path.responded(challenge.answer(), TIMEOUT));
        assertEquals("old", path.peer());
    }

    @Test
    void whatGoesToTheNewAddressIsAtMostThreeTimesWhatCameFromIt() {
        path.received("new", 20, true, 0);
        assertEquals(60, path.budget());

        assertNotNull(path.challenge(0));
        assertEquals(26, path.budget());
        assertNull(path.challenge(TIMEOUT / 3), "34 more would pass 60");
        assertEquals(TIMEOUT, path.nextDeadline(), "no challenge fits: only the timeout is due");

        path.received("new", 3, false, TIMEOUT / 3 + 1);
        assertEquals(35, path.budget(), "anything the new address sends adds to the budget");
        assertEquals(TIMEOUT / 3, path.nextDeadline(), "the second challenge is due");
        assertNotNull(path.challenge(TIMEOUT / 3 + 1));
        assertEquals(1, path.budget());
    }

    @Test
    void aChallengeThatTakesExactlyTheBudgetIsSent() {
        path.received("new", 34, true, 0);

        assertNotNull(path.challenge(0));
        assertNotNull(path.challenge(TIMEOUT / 3));
        assertNotNull(path.challenge(2 * TIMEOUT / 3));
        assertEquals(0, path.budget());
    }

    @Test
    void challengesAreRepeatedAtMostThreeTimesSpreadOverTheTimeoutWithFreshData() {
        path.received("new", 1_000, true, 0);
        PathFrame first = path.challenge(0);
        assertNull(path.challenge(1), "not due yet");
        assertEquals(TIMEOUT / 3, path.nextDeadline());
        PathFrame second = path.challenge(TIMEOUT / 3);
        PathFrame third = path.challenge(2 * TIMEOUT / 3);

        assertNull(path.challenge(TIMEOUT - 1));
        assertEquals(TIMEOUT, path.nextDeadline());
        assertNotEquals(first.data(), second.data());
        assertNotEquals(second.data(), third.data());
        assertTrue(path.responded(first.answer(), TIMEOUT - 1), "a response to an earlier challenge counts too");
    }

    @Test
    void onlyTheNewestDatagramStartsAValidation() {
        path.received("elsewhere", 100, false, 0);

        assertNull(path.candidate(), "an older datagram overtaken on the way proves nothing");
        assertNull(path.challenge(0));
        assertEquals(PathValidation.NO_DEADLINE, path.nextDeadline());
    }

    @Test
    void datagramsFromThePeerStartNoValidation() {
        path.received("old", 100, true, 0);

        assertNull(path.candidate());
        assertEquals(0, path.budget());
    }

    @Test
    void whatGoesToTheFirstAddressIsAtMostThreeTimesWhatCameFromItKeepingRoomForAChallenge() {
        path.received("old", 100, true, 0);

        assertFalse(path.isPeerValidated(), "a verified datagram proves the token, not the source address");
        assertTrue(path.admits(300 - CHALLENGE_SIZE));
        assertFalse(path.admits(300 - CHALLENGE_SIZE + 1));
        path.sent(200);
        assertFalse(path.admits(100 - CHALLENGE_SIZE + 1));
        path.received("old", 20, false, 1);
        assertTrue(path.admits(160 - CHALLENGE_SIZE), "anything the address sends adds to its budget");
    }

    @Test
    void theFirstAddressIsChallengedOnlyWhenTheStreamHasMoreForItThanItsBudgetAdmits() {
        path.received("old", 100, true, 0);
        assertNull(path.challenge(0), "answers within the budget cost no challenge");
        assertEquals(PathValidation.NO_DEADLINE, path.nextDeadline());

        path.sent(300 - CHALLENGE_SIZE);
        path.validatePeer(5);
        assertEquals("old", path.candidate());
        PathFrame challenge = path.challenge(5);
        assertNotNull(challenge, "the room kept for it takes the challenge");
        assertEquals(0, path.budget());

        assertTrue(path.responded(challenge.answer(), 10));
        assertTrue(path.isPeerValidated());
        assertEquals("old", path.peer());
        assertNull(path.candidate());
        assertTrue(path.admits(1 << 20), "a validated address takes anything");
    }

    @Test
    void aFirstAddressThatDoesNotAnswerStaysLimitedAndIsChallengedAgainWhenTheStreamNextHasMore() {
        path.received("old", 100, true, 0);
        path.validatePeer(0);
        PathFrame first = path.challenge(0);
        assertTrue(path.tick(TIMEOUT));

        assertFalse(path.responded(first.answer(), TIMEOUT + 1), "too late");
        assertFalse(path.isPeerValidated());
        assertFalse(path.admits(300 - CHALLENGE_SIZE), "what the challenge took stays taken");
        path.validatePeer(TIMEOUT + 1);
        PathFrame again = path.challenge(TIMEOUT + 1);
        assertNotNull(again);
        assertTrue(path.responded(again.answer(), TIMEOUT + 2));
        assertTrue(path.isPeerValidated());
    }

    @Test
    void aNewAddressOfAStreamWhoseFirstIsNotValidatedYetIsValidatedBeforeTheStreamMovesThere() {
        path.received("old", 100, true, 0);
        path.validatePeer(0);
        PathFrame toOld = path.challenge(0);
        path.received("new", 100, true, 1);

        assertEquals("new", path.candidate(), "the newest address decides where the stream goes");
        path.validatePeer(2);
        assertEquals("new", path.candidate(), "the peer waits for the new address's validation");
        assertFalse(path.responded(toOld.answer(), 2));
        assertEquals("old", path.peer());
        assertFalse(path.admits(300 - CHALLENGE_SIZE + 1), "the first address keeps its own budget");

        assertTrue(path.responded(path.challenge(2).answer(), 3));
        assertEquals("new", path.peer());
        assertTrue(path.isPeerValidated());
    }

    @Test
    void aNewerCandidateReplacesTheEarlierAndItsChallenges() {
        path.received("first", 100, true, 0);
        PathFrame toFirst = path.challenge(0);
        path.received("second", 100, true, 5);

        assertEquals("second", path.candidate());
        assertFalse(path.responded(toFirst.answer(), 6), "the earlier candidate's challenge no longer counts");
        PathFrame toSecond = path.challenge(6);
        assertTrue(path.responded(toSecond.answer(), 7));
        assertEquals("second", path.peer());
    }

    @Test
    void aTimedOutAddressIsValidatedAgainWhenItsNextNewestDatagramArrives() {
        path.received("new", 100, true, 0);
        path.challenge(0);
        path.tick(TIMEOUT);

        path.received("new", 100, true, TIMEOUT + 10);
        PathFrame again = path.challenge(TIMEOUT + 10);
        assertTrue(path.responded(again.answer(), TIMEOUT + 20));
        assertEquals("new", path.peer());
    }
}
